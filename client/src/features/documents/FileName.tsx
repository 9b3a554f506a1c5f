import { Box, Flex, VisuallyHidden, type BoxProps } from '@chakra-ui/react';

/** An extension this long or longer is not one ("notes.final-version-for-the-broker"): the whole name is the stem. */
const EXTENSION_MAX = 8;

/** "rate-con.pdf" → { stem: "rate-con", extension: ".pdf" }; a name with no extension (or only a leading dot) is all stem. */
export function splitFileName(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1 || name.length - dot > EXTENSION_MAX + 1) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * A file name on one line that never breaks: the stem is cut with an ellipsis and the extension
 * always stays ("rate-confirmation-very-lo….pdf"). The whole name is its title (on hover) and
 * what a screen reader reads: the two cut pieces are hidden from it, as name computation would
 * read them as two words ("rate-con .pdf"), and the whole name is read instead.
 *
 * Two boxes on purpose: the outer one may be a card cell's direct child on a phone, which the
 * table's phone layout lets wrap (DataTable's STACKED_ON_PHONES); the inner line never wraps.
 * Spans only, so it may stand in a heading (the preview panel's title).
 */
export function FileName({
  name,
  maxW,
  fontWeight = 'medium',
}: {
  name: string;
  maxW?: BoxProps['maxW'];
  fontWeight?: BoxProps['fontWeight'];
}) {
  const { stem, extension } = splitFileName(name);
  return (
    <Box as="span" display="block" minW="0" maxW={maxW} title={name} data-file-name="">
      <VisuallyHidden>{name}</VisuallyHidden>
      <Flex as="span" aria-hidden="true" minW="0" whiteSpace="nowrap" fontWeight={fontWeight} textAlign="start">
        <Box as="span" minW="0" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap" data-file-name-part="stem">
          {stem}
        </Box>
        {extension ? (
          <Box as="span" flexShrink="0" whiteSpace="nowrap" data-file-name-part="extension">
            {extension}
          </Box>
        ) : null}
      </Flex>
    </Box>
  );
}

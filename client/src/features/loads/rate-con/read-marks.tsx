import { createContext, useContext, type ReactNode } from 'react';
import { Badge, HStack, Text } from '@chakra-ui/react';
import { FileText, TriangleAlert } from 'lucide-react';
import { RATE_CON_LOW_CONFIDENCE } from '#shared/schemas/rate-cons.js';

/**
 * Which fields of the Create Load form were read from an imported rate con (issue 29), by the
 * form's field name ("referenceNumber", "stops.0.city", "lineHaul"): each shows "From rate con"
 * with how sure the reading was, and a reading less sure than RATE_CON_LOW_CONFIDENCE says
 * "Check this" in amber. `note` says more (the broker's match). The form outside an import has no marks.
 */
export interface ReadMark {
  /** 0..1, or null when the reader gives none (a stop between the ends, a charge). */
  confidence: number | null;
  note?: string;
}
export type ReadMarks = Record<string, ReadMark>;

const ReadMarksContext = createContext<ReadMarks>({});

export function ReadMarksProvider({ marks, children }: { marks: ReadMarks | undefined; children: ReactNode }) {
  return <ReadMarksContext.Provider value={marks ?? {}}>{children}</ReadMarksContext.Provider>;
}

/** The mark of a form field, as its helper text, or undefined when it was not read from a document. */
export function useReadMark(name: string): ReactNode {
  const mark = useContext(ReadMarksContext)[name];
  return mark ? <ReadMarkBadge mark={mark} /> : undefined;
}

export function ReadMarkBadge({ mark }: { mark: ReadMark }) {
  const isLow = mark.confidence !== null && mark.confidence < RATE_CON_LOW_CONFIDENCE;
  const sure = mark.confidence === null ? null : `${Math.round(mark.confidence * 100)}% sure`;
  return (
    <HStack as="span" gap="1.5" wrap="wrap" data-read-mark={isLow ? 'check' : 'read'}>
      <Badge size="sm" colorPalette="blue" variant="subtle" title={sure ? `Read from the rate con, ${sure}` : 'Read from the rate con'}>
        <FileText size={12} aria-hidden="true" /> From rate con{sure ? ` · ${sure}` : ''}
      </Badge>
      {isLow ? (
        <Badge size="sm" colorPalette="orange" variant="solid">
          <TriangleAlert size={12} aria-hidden="true" /> Check this
        </Badge>
      ) : null}
      {mark.note ? (
        <Text as="span" fontSize="xs" color="gray.700">
          {mark.note}
        </Text>
      ) : null}
    </HStack>
  );
}

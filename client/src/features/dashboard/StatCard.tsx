import type { LucideIcon } from 'lucide-react';
import { Box, Card, Flex, Skeleton, Stat, Text } from '@chakra-ui/react';

/** One counter of a dashboard: its label, its value (a skeleton while loading, "—" when unknown), an optional hint and an icon. */
export function StatCard({
  label,
  value,
  icon: Icon,
  isLoading,
  hint,
}: {
  label: string;
  /** A short line under the value saying what it counts (e.g. which revenue). */
  hint?: string;
  value: string | number | null;
  icon: LucideIcon;
  isLoading: boolean;
}) {
  return (
    <Card.Root variant="outline" bg="white">
      <Card.Body p={{ base: '4', md: '5' }}>
        <Flex align="center" justify="space-between" gap="3">
          <Box flex="1" minW="0">
            <Stat.Root>
              <Stat.Label color="gray.700">{label}</Stat.Label>
              {/* The skeleton stays inside the value (a <dd>): a definition list holds only dt and dd. */}
              {/* A long figure ("12 ($38,375.00)") wraps inside its card on a phone instead of widening the page. */}
              <Stat.ValueText fontSize={{ base: 'xl', sm: '2xl' }} fontWeight="bold" overflowWrap="anywhere" minW="0">
                {isLoading ? <Skeleton height="8" width="16" mt="1" /> : (value ?? '—')}
              </Stat.ValueText>
            </Stat.Root>
            {/* Outside the list: a help line is neither a term nor its value. */}
            {hint ? (
              <Text color="gray.600" fontSize="xs" mt="1">
                {hint}
              </Text>
            ) : null}
          </Box>
          <Box color="blue.700" bg="blue.50" p="2.5" borderRadius="md" display={{ base: 'none', sm: 'block' }} aria-hidden>
            <Icon size={22} />
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

import { Badge, Box, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { Download, FileText, Handshake, Package, Receipt, Truck, UserRound, type LucideIcon } from 'lucide-react';
import type { AuditAction, AuditEntityType, AuditEntry } from '#shared/schemas/audit.js';
import { formatDateAtTime } from '../../lib/format';

const entityIcons: Record<AuditEntityType, LucideIcon> = {
  loads: Package,
  invoices: Receipt,
  documents: FileText,
  drivers: UserRound,
  brokers: Handshake,
  carriers: Truck,
  export: Download,
};

/** The spec's action colours: created green, updated blue, deleted red, anything else grey (a data export: purple). */
const actionPalettes: Record<AuditAction, string> = { created: 'green', updated: 'blue', deleted: 'red', exported: 'purple' };

/** "by Dana Whitfield", or "by System" when no user acted. */
export function actorOf(entry: Pick<AuditEntry, 'userId' | 'userFirstName' | 'userLastName'>): string {
  const name = [entry.userFirstName, entry.userLastName].filter(Boolean).join(' ').trim();
  if (name) return `by ${name}`;
  // A user who acted but whose profile is gone (removed from the company) is not the system.
  return entry.userId ? 'by Unknown User' : 'by System';
}

/** One audit entry: icon, coloured action badge, entity type, who, when, and the changed fields as JSON. */
export function AuditLogEntry({ entry, showCompany }: { entry: AuditEntry; showCompany: boolean }) {
  const Icon = entityIcons[entry.entityType] ?? FileText;
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" bg="white" p="4">
      <Flex gap="3" align="flex-start">
        <Box color="blue.700" bg="blue.50" p="2" borderRadius="md" flexShrink={0} aria-hidden>
          <Icon size={18} />
        </Box>
        <Stack gap="1" flex="1" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge colorPalette={actionPalettes[entry.action] ?? 'gray'} variant="subtle">
              {entry.action.toUpperCase()}
            </Badge>
            <Text fontWeight="semibold" textTransform="capitalize">
              {entry.entityType}
            </Text>
            <Text color="gray.700">{actorOf(entry)}</Text>
          </Flex>
          <Text fontSize="sm" color="gray.700">
            {formatDateAtTime(entry.createdAt)}
            {showCompany ? ` · ${entry.companyName}` : ''}
          </Text>
          {entry.changedFields ? (
            <Box mt="2">
              <Text fontSize="sm" fontWeight="medium">
                Changes:
              </Text>
              <Code
                as="pre"
                display="block"
                mt="1"
                p="3"
                fontSize="xs"
                whiteSpace="pre-wrap"
                wordBreak="break-word"
                bg="gray.50"
                color="gray.800"
                borderRadius="md"
                maxH="64"
                overflowY="auto"
                tabIndex={0}
                aria-label={`Changes to ${entry.entityType}`}
              >
                {JSON.stringify(entry.changedFields, null, 2)}
              </Code>
            </Box>
          ) : null}
        </Stack>
      </Flex>
    </Box>
  );
}

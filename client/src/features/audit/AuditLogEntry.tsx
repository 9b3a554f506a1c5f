import { useId, useState } from 'react';
import { Badge, Box, Button, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp, Download, FileText, Handshake, Package, Receipt, Truck, UserRound, type LucideIcon } from 'lucide-react';
import type { AuditAction, AuditEntityType, AuditEntry } from '#shared/schemas/audit.js';
import { formatDateAtTime } from '../../lib/format';
import { describeChanges } from './describe-changes';

const entityIcons: Record<AuditEntityType, LucideIcon> = {
  loads: Package,
  invoices: Receipt,
  documents: FileText,
  drivers: UserRound,
  brokers: Handshake,
  carriers: Truck,
  export: Download,
  trucks: Truck,
  trailers: Truck,
  truck_assignments: Truck,
  fuel_purchases: Receipt,
  ifta_tax_rates: Receipt,
};

/** The spec's action colours: created green, updated blue, deleted red, anything else grey (a data export: purple). */
const actionPalettes: Record<AuditAction, string> = { created: 'green', updated: 'blue', deleted: 'red', exported: 'purple' };

/** "by Dana Whitfield", "by API key 'Samsara sync'" for a change made with a key, or "by System" when no user acted. */
export function actorOf(entry: Pick<AuditEntry, 'userId' | 'userFirstName' | 'userLastName'> & { apiKeyName?: string | null }): string {
  if (entry.apiKeyName) return `by API key '${entry.apiKeyName}'`;
  const name = [entry.userFirstName, entry.userLastName].filter(Boolean).join(' ').trim();
  if (name) return `by ${name}`;
  // A user who acted but whose profile is gone (removed from the company) is not the system.
  return entry.userId ? 'by Unknown User' : 'by System';
}

/** One audit entry: icon, coloured action badge, entity type, who, when, its changes in words, and the raw changes behind a toggle. */
export function AuditLogEntry({ entry, showCompany }: { entry: AuditEntry; showCompany: boolean }) {
  const Icon = entityIcons[entry.entityType] ?? FileText;
  const description = describeChanges(entry);
  const [showRaw, setShowRaw] = useState(false);
  const rawId = useId();
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
          {description.summary ? (
            <Text mt="1" fontWeight="medium" overflowWrap="anywhere">
              {description.summary}
            </Text>
          ) : null}
          {description.lines.length > 0 ? (
            <Box role="group" aria-label={`Changes to ${entry.entityType}`} mt="1">
              {description.summary ? null : (
                <Text fontSize="sm" fontWeight="medium">
                  Changes:
                </Text>
              )}
              {description.lines.map((line) => (
                <Text key={line.field} fontSize="sm" overflowWrap="anywhere" whiteSpace="pre-line">
                  <Text as="span" fontWeight="medium">
                    {line.label}:
                  </Text>{' '}
                  {line.text}
                </Text>
              ))}
            </Box>
          ) : null}
          {description.more > 0 ? (
            <Text fontSize="xs" color="gray.700">
              {description.more === 1 ? '1 more field' : `${description.more} more fields`} in the raw changes
            </Text>
          ) : null}
          {entry.changedFields ? (
            <Box mt="1" minW="0">
              <Button
                variant="ghost"
                size="xs"
                px="1"
                colorPalette="blue"
                aria-expanded={showRaw}
                aria-controls={showRaw ? rawId : undefined}
                onClick={() => setShowRaw((open) => !open)}
              >
                {showRaw ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
                {showRaw ? 'Hide raw changes' : 'Show raw changes'}
              </Button>
              {showRaw ? (
                <Code
                  id={rawId}
                  as="pre"
                  display="block"
                  mt="1"
                  p="3"
                  fontSize="xs"
                  whiteSpace="pre-wrap"
                  wordBreak="break-word"
                  overflowWrap="anywhere"
                  bg="gray.50"
                  color="gray.800"
                  borderRadius="md"
                  maxH="64"
                  overflowY="auto"
                  tabIndex={0}
                  aria-label={`Raw changes to ${entry.entityType}`}
                >
                  {JSON.stringify(entry.changedFields, null, 2)}
                </Code>
              ) : null}
            </Box>
          ) : null}
        </Stack>
      </Flex>
    </Box>
  );
}

import { Badge, Box, Flex, Text, chakra } from '@chakra-ui/react';
import { MESSAGE_TEXTS, type MessageBox, type MessageItem } from '#shared/schemas/messages.js';
import { formatDateTime } from '../../lib/format';

/**
 * One row of a mailbox, as the spec has it: the sender (inbox) or "To: {recipient}" (sent), the
 * subject or "No Subject", a two-line preview, the "Load: {number}" badge, the time like
 * "Jan 5, 3:04 PM", and a dot while unread (inbox). Everything is rendered as text.
 */
export function MessageRow({
  message,
  box,
  selected,
  onOpen,
}: {
  message: MessageItem;
  box: MessageBox;
  selected: boolean;
  onOpen: () => void;
}) {
  const unread = box === 'inbox' && !message.isRead;
  return (
    <chakra.button
      type="button"
      data-message-row
      data-unread={unread || undefined}
      aria-current={selected || undefined}
      onClick={onOpen}
      w="full"
      textAlign="start"
      p="3"
      borderRadius="md"
      borderWidth="1px"
      borderColor={selected ? 'blue.400' : 'gray.200'}
      bg={selected ? 'blue.50' : unread ? 'white' : 'gray.50'}
      _hover={{ bg: selected ? 'blue.50' : 'gray.100' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' }}
      cursor="pointer"
    >
      <Flex justify="space-between" align="flex-start" gap="2">
        <Flex align="center" gap="2" minW="0">
          {unread ? <Box aria-hidden w="2.5" h="2.5" borderRadius="full" bg="blue.600" flexShrink={0} data-testid="unread-dot" /> : null}
          <Text fontWeight={unread ? 'bold' : 'semibold'} truncate>
            {unread ? <chakra.span srOnly>Unread: </chakra.span> : null}
            {box === 'inbox' ? message.senderName : `To: ${message.recipientName}`}
          </Text>
        </Flex>
        <Text fontSize="xs" color="gray.700" flexShrink={0}>
          {formatDateTime(message.createdAt)}
        </Text>
      </Flex>
      <Text fontSize="sm" fontWeight={unread ? 'semibold' : 'medium'} truncate>
        {message.subject ?? MESSAGE_TEXTS.noSubject}
      </Text>
      <Text fontSize="sm" color="gray.700" lineClamp={2} whiteSpace="pre-wrap" wordBreak="break-word">
        {message.body}
      </Text>
      {message.loadNumber ? (
        <Badge mt="1" colorPalette="blue" variant="subtle">
          Load: {message.loadNumber}
        </Badge>
      ) : null}
    </chakra.button>
  );
}

import type { ReactNode } from 'react';
import { Button, chakra, Flex, Input, InputGroup, Stack } from '@chakra-ui/react';
import { Search, X } from 'lucide-react';

/**
 * A list screen's filters, in the address: a search box (fed by useSearchBox), the screen's own
 * selects as children, and "Clear filters" while any filter is set. Documents and invoices use it.
 */
export function FilterBar({
  searchId,
  placeholder,
  maxLength,
  searchText,
  onSearchText,
  hasFilters,
  onClear,
  children,
}: {
  searchId: string;
  placeholder: string;
  maxLength: number;
  searchText: string;
  onSearchText: (text: string) => void;
  hasFilters: boolean;
  /** Clears the screen's filters; the search box is emptied here. */
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'end' }} mb="6" role="search">
      <Stack gap="1.5" flex="1">
        <chakra.label htmlFor={searchId} fontWeight="medium" fontSize="sm">
          Search
        </chakra.label>
        <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
          <Input
            id={searchId}
            type="search"
            bg="white"
            placeholder={placeholder}
            maxLength={maxLength}
            value={searchText}
            onChange={(event) => onSearchText(event.target.value)}
          />
        </InputGroup>
      </Stack>
      {children}
      {hasFilters ? (
        <Button
          variant="ghost"
          onClick={() => {
            onSearchText('');
            onClear();
          }}
        >
          <X aria-hidden="true" /> Clear filters
        </Button>
      ) : null}
    </Flex>
  );
}

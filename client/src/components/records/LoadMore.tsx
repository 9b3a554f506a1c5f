import { Button, Flex } from '@chakra-ui/react';

/** The next page of a list, when there is one. */
export function LoadMore({ hasMore, isLoading, onLoad }: { hasMore: boolean; isLoading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <Flex justify="center" mt="6">
      <Button variant="outline" onClick={onLoad} loading={isLoading} loadingText="Loading...">
        Load more
      </Button>
    </Flex>
  );
}

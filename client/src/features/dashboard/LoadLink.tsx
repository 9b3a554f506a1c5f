import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/** A load's number that opens its detail on the Loads screen (`/loads?load=<id>`): a dashboard row's way into its load. */
export function LoadLink({ id, loadNumber }: { id: string; loadNumber: string }) {
  return (
    <ChakraLink asChild fontWeight="semibold" color="blue.700" textDecoration="underline" textUnderlineOffset="2px">
      <Link to="/loads" search={{ load: id }} aria-label={`Open load ${loadNumber}`}>
        {loadNumber}
      </Link>
    </ChakraLink>
  );
}

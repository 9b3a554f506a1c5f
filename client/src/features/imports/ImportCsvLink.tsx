import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Upload } from 'lucide-react';
import { canOpen } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { ImportEntity } from '#shared/schemas/imports.js';

/** "Import CSV" in a list screen's header, for whoever may import (imports.run): the Import screen with the entity chosen. */
export function ImportCsvLink({ session, entity }: { session: SessionOutput; entity: ImportEntity }) {
  if (!canOpen(session, '/import')) return null;
  return (
    <Button asChild variant="outline" alignSelf={{ base: 'stretch', md: 'center' }}>
      <Link to="/import" search={{ entity }}>
        <Upload aria-hidden="true" /> Import CSV
      </Link>
    </Button>
  );
}

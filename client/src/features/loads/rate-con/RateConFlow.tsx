import { useState } from 'react';
import type { LoadDetail } from '#shared/schemas/loads.js';
import type { RateConExtractOutput } from '#shared/schemas/rate-cons.js';
import { notify } from '../../../components/toaster';
import { reportFailure } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { LoadFormDialog } from '../LoadFormDialog';
import { ImportRateConDialog } from './ImportRateConDialog';
import { prefillOf } from './prefill';
import { ReadMarksProvider } from './read-marks';
import { RateConSummary } from './RateConSummary';

/**
 * One import (loaded when it starts, not with the loads page): the file is read
 * (ImportRateConDialog), then the Create Load form opens prefilled and marked (prefill.ts); once
 * the load is saved, the imported file becomes its rate_confirmation document (rateCons.attach).
 * Closing either dialog creates nothing.
 */
export function RateConFlow({ initialFile, onDone }: { initialFile: File | null; onDone: () => void }) {
  const [read, setRead] = useState<RateConExtractOutput | null>(null);
  const utils = trpc.useUtils();
  // The mutation's own callbacks: they run after the form (and this flow) closed on the save.
  const attach = trpc.rateCons.attach.useMutation({
    onSuccess: (document) => {
      notify.success('Rate confirmation attached', `${document.fileName} is in ${document.loadNumber ?? 'the load'}'s documents.`);
      void utils.documents.invalidate();
    },
    onError: (error) => reportFailure('The rate con was not attached', error),
  });

  if (!read) return <ImportRateConDialog initialFile={initialFile} onRead={setRead} onClose={onDone} />;

  const attachTo = (load: LoadDetail) => attach.mutate({ loadId: load.id, fileToken: read.fileToken });
  const { values, marks } = prefillOf(read);
  return (
    <ReadMarksProvider marks={marks}>
      <LoadFormDialog
        onClose={onDone}
        onSaved={attachTo}
        prefill={{ values, top: ({ setBrokerId }) => <RateConSummary read={read} onBroker={setBrokerId} /> }}
      />
    </ReadMarksProvider>
  );
}

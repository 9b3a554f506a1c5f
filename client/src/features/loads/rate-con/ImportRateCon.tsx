import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Button, Text } from '@chakra-ui/react';
import { FileUp } from 'lucide-react';
import { notify } from '../../../components/toaster';
import { isRateConFile } from './files';

// The import itself (its dialogs, the prefill, the form) loads when an import starts.
const RateConFlow = lazy(() => import('./RateConFlow').then((module) => ({ default: module.RateConFlow })));

/**
 * "Import Rate Con" on /loads (issue 29): the header's button, and a rate con dropped anywhere on
 * the loads page (while no import is open). Either starts RateConFlow. Shown to those who may create loads.
 */
export function ImportRateCon() {
  const [importing, setImporting] = useState<{ file: File | null } | null>(null);
  const [isDragging, setDragging] = useState(false);
  const isOpen = importing !== null;

  useEffect(() => {
    if (isOpen) return;
    // Files dragged over the page itself: not onto another drop zone (one that handled it), nor while a dialog is open (a load's document upload).
    const hasFiles = (event: DragEvent) =>
      !event.defaultPrevented &&
      document.querySelector('[role="dialog"], [role="alertdialog"]') === null &&
      Array.from(event.dataTransfer?.types ?? []).includes('Files');
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      if (!isRateConFile(file)) {
        notify.error('Not a rate con', 'Drop a PDF, JPEG or PNG rate confirmation.');
        return;
      }
      setImporting({ file });
    };
    document.addEventListener('dragover', over);
    document.addEventListener('dragleave', leave);
    document.addEventListener('drop', drop);
    return () => {
      document.removeEventListener('dragover', over);
      document.removeEventListener('dragleave', leave);
      document.removeEventListener('drop', drop);
    };
  }, [isOpen]);

  return (
    <>
      <Button variant="outline" onClick={() => setImporting({ file: null })} alignSelf={{ base: 'stretch', md: 'center' }}>
        <FileUp aria-hidden="true" /> Import Rate Con
      </Button>
      {isDragging ? (
        <Box
          position="fixed"
          inset="0"
          zIndex="overlay"
          bg="blackAlpha.400"
          display="flex"
          alignItems="center"
          justifyContent="center"
          pointerEvents="none"
          aria-hidden="true"
        >
          <Text bg="white" px="6" py="4" borderRadius="md" fontWeight="semibold" boxShadow="lg">
            Drop the rate con to import it
          </Text>
        </Box>
      ) : null}
      <Suspense fallback={null}>
        {importing ? <RateConFlow initialFile={importing.file} onDone={() => setImporting(null)} /> : null}
      </Suspense>
    </>
  );
}

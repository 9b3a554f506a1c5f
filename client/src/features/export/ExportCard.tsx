import { useState } from 'react';
import { Button, Card, Checkbox, Heading, HStack, Progress, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import {
  EXPORT_CATEGORIES,
  EXPORT_CATEGORY_LABELS,
  EXPORT_DEFAULT_CATEGORIES,
  EXPORT_PATH,
  EXPORT_TEXTS,
  type ExportCategory,
  type ExportFormat,
} from '#shared/schemas/export.js';
import { notify } from '../../components/toaster';

const formatBytes = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Hands a downloaded file to the browser under its name. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The Export card (admins): the categories (all on except Audit Logs) and the format (JSON, or
 * CSV as a zip), then the company's data streams from POST /api/export; the bytes received so far
 * show while it runs, and the spec's "Export Complete" / "Export Failed" tell the end.
 */
export function ExportCard() {
  const [categories, setCategories] = useState<ExportCategory[]>([...EXPORT_DEFAULT_CATEGORIES]);
  const [format, setFormat] = useState<ExportFormat>('json');
  const [received, setReceived] = useState<number | null>(null);

  const toggle = (category: ExportCategory, on: boolean) =>
    setCategories((current) => (on ? [...current, category] : current.filter((item) => item !== category)));

  async function runExport() {
    setReceived(0);
    try {
      const response = await fetch(EXPORT_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ format, categories }),
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? 'The export could not be created');
      }
      const reader = response.body.getReader();
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let total = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        total += value.byteLength;
        setReceived(total);
      }
      const fileName =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        `haulwise-export.${format === 'json' ? 'json' : 'zip'}`;
      saveFile(new Blob(parts, { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName);
      notify.success(EXPORT_TEXTS.complete, `${fileName} (${formatBytes(total)})`);
    } catch (error) {
      notify.error(
        EXPORT_TEXTS.failed,
        error instanceof Error && error.message !== 'Failed to fetch' ? error.message : 'The export was interrupted',
      );
    } finally {
      setReceived(null);
    }
  }

  const running = received !== null;
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="export-heading">
      <Card.Header pb="2">
        <Heading as="h2" size="md" id="export-heading">
          Export Data
        </Heading>
        <Text color="gray.700" fontSize="sm">
          Download your company&apos;s data. Messages include only those you sent or received.
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="4">
          <fieldset>
            <Text as="legend" fontWeight="medium" mb="2">
              Categories
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="2">
              {EXPORT_CATEGORIES.map((category) => (
                <Checkbox.Root
                  key={category}
                  checked={categories.includes(category)}
                  onCheckedChange={(event) => toggle(category, event.checked === true)}
                  disabled={running}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{EXPORT_CATEGORY_LABELS[category]}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </fieldset>
          <RadioGroup.Root
            value={format}
            onValueChange={(event) => setFormat(event.value as ExportFormat)}
            disabled={running}
            aria-label="Format"
          >
            <HStack gap="6">
              <Text fontWeight="medium">Format</Text>
              <RadioGroup.Item value="json">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>JSON</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="csv">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>CSV (zip)</RadioGroup.ItemText>
              </RadioGroup.Item>
            </HStack>
          </RadioGroup.Root>
          {running ? (
            <Stack gap="1">
              <Progress.Root value={null} size="sm" colorPalette="blue" aria-label="Export progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="sm" color="gray.700" aria-live="polite">
                Exporting… {formatBytes(received)} received
              </Text>
            </Stack>
          ) : null}
          <HStack>
            <Button colorPalette="blue" onClick={() => void runExport()} loading={running} disabled={categories.length === 0}>
              <Download size={16} /> Export
            </Button>
            {categories.length === 0 ? (
              <Text fontSize="sm" color="gray.700">
                Choose at least one category
              </Text>
            ) : null}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

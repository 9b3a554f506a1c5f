import { useState, type DragEvent } from 'react';
import { Badge, Box, Button, Card, chakra, Flex, NativeSelect, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { Download, FileUp, RotateCcw } from 'lucide-react';
import {
  IMPORT_ENTITIES,
  IMPORT_ENTITY_LABELS,
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  type ImportEntity,
  type ImportMapping,
  type ImportPreview,
} from '#shared/schemas/imports.js';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { SelectOptions } from '../../components/SelectOptions';
import { FETCH_FAILED, reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { uploadImport } from './use-imports';

type Step = { kind: 'choose' } | { kind: 'map'; id: string; fileName: string } | { kind: 'run'; id: string };

/**
 * The Import screen (issue 28, item 4): choose what to import and drop a CSV; map its columns
 * (guessed from the headers); preview the first rows with each error by row and field; import,
 * with a progress bar; then the summary (created, updated, failed) and the failed rows' file.
 */
export function ImportPage({ entity: initial }: { entity: ImportEntity | undefined }) {
  const [entity, setEntity] = useState<ImportEntity>(initial ?? 'loads');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  return (
    <>
      <PageHeader
        title="Import"
        subtitle="Move in from a spreadsheet or another TMS: loads, drivers, brokers or carriers from a CSV file"
      />
      {step.kind === 'choose' ? (
        <ChooseFile entity={entity} onEntity={setEntity} onUploaded={(id, fileName) => setStep({ kind: 'map', id, fileName })} />
      ) : step.kind === 'map' ? (
        <MapColumns
          id={step.id}
          fileName={step.fileName}
          onStarted={() => setStep({ kind: 'run', id: step.id })}
          onCancel={() => setStep({ kind: 'choose' })}
        />
      ) : (
        <ImportProgress id={step.id} onAgain={() => setStep({ kind: 'choose' })} />
      )}
    </>
  );
}

function ChooseFile({
  entity,
  onEntity,
  onUploaded,
}: {
  entity: ImportEntity;
  onEntity: (entity: ImportEntity) => void;
  onUploaded: (id: string, fileName: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_LIMITS.maxBytes) {
      setError(`File is larger than the ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB limit`);
      return;
    }
    setFile(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const send = async () => {
    if (!file) {
      setError(IMPORT_TEXTS.selectFile);
      return;
    }
    setProgress(0);
    const outcome = await uploadImport(file, entity, setProgress);
    setProgress(null);
    if (outcome.ok) onUploaded(outcome.id, file.name);
    else setError(outcome.message);
  };
  return (
    <Card.Root maxW="2xl">
      <Card.Body gap="5">
        <Stack gap="1.5">
          <chakra.label htmlFor="import-entity" fontWeight="medium" fontSize="sm">
            What to import
          </chakra.label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id="import-entity"
              value={entity}
              onChange={(event) => onEntity(event.target.value as ImportEntity)}
              bg="white"
            >
              <SelectOptions options={IMPORT_ENTITIES.map((value) => ({ value, label: IMPORT_ENTITY_LABELS[value] }))} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <chakra.label
          display="block"
          htmlFor="import-file"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'blue.500' : 'gray.300'}
          bg={dragging ? 'blue.50' : 'gray.50'}
          rounded="md"
          p="8"
          textAlign="center"
          cursor="pointer"
          onDragOver={(event: DragEvent) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Stack align="center" gap="2">
            <FileUp aria-hidden="true" />
            <Text fontWeight="medium">{file ? file.name : 'Drop a CSV file here, or choose one'}</Text>
            <Text fontSize="sm" color="gray.700">
              .csv or .txt, up to {IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB; commas or semicolons; the first line names the columns
            </Text>
          </Stack>
          <chakra.input
            id="import-file"
            data-testid="import-file"
            type="file"
            accept=".csv,.txt,text/csv"
            srOnly
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </chakra.label>
        {progress !== null ? (
          <Progress.Root value={progress} size="sm" colorPalette="blue">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
            <Progress.Label fontSize="sm" fontWeight="normal" color="gray.700">{`Uploading... ${progress}%`}</Progress.Label>
          </Progress.Root>
        ) : null}
        {error ? (
          <Text color="red.700" fontSize="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Button colorPalette="blue" onClick={() => void send()} loading={progress !== null} alignSelf={{ base: 'stretch', sm: 'start' }}>
          Upload and preview
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function MapColumns({ id, fileName, onStarted, onCancel }: { id: string; fileName: string; onStarted: () => void; onCancel: () => void }) {
  const [mapping, setMapping] = useState<ImportMapping | undefined>(undefined);
  const preview = trpc.imports.preview.useQuery({ id, mapping }, { placeholderData: (previous) => previous });
  useFailureToast(preview, 'Error', FETCH_FAILED);
  const run = trpc.imports.run.useMutation();
  const data = preview.data;
  const current = mapping ?? data?.mapping ?? [];
  const start = () =>
    run.mutate({ id, mapping: current }, { onSuccess: () => onStarted(), onError: (error) => reportFailure('Import failed', error) });
  return (
    <QueryState
      isLoading={preview.isLoading}
      error={data ? null : preview.error}
      isEmpty={!data}
      emptyText="Nothing to preview."
      loadingText="Reading the file..."
      onRetry={() => void preview.refetch()}
    >
      {data ? (
        <Stack gap="6">
          <Text>
            <chakra.span fontWeight="semibold">{fileName}</chakra.span>: {IMPORT_ENTITY_LABELS[data.entity].toLowerCase()},{' '}
            {data.headers.length} columns. Check how the columns are read, then import.
          </Text>
          <MappingTable preview={data} mapping={current} onChange={setMapping} />
          {data.missing.length > 0 ? (
            <Text color="red.700" role="alert">
              Choose a column for {data.missing.join(', ')}
            </Text>
          ) : null}
          <PreviewRows preview={data} mapping={current} />
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
            <Button colorPalette="blue" onClick={start} loading={run.isPending} disabled={data.missing.length > 0}>
              Import
            </Button>
            <Button variant="outline" onClick={onCancel}>
              Choose another file
            </Button>
          </Flex>
        </Stack>
      ) : null}
    </QueryState>
  );
}

function MappingTable({
  preview,
  mapping,
  onChange,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const options = preview.fields.map((field) => ({ value: field.name, label: field.required ? `${field.label} (required)` : field.label }));
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label="Column mapping">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Column in the file</Table.ColumnHeader>
            <Table.ColumnHeader>First value</Table.ColumnHeader>
            <Table.ColumnHeader>Imported as</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.headers.map((header, index) => (
            <Table.Row key={`${index}-${header}`}>
              <Table.Cell>{header || <Text color="gray.600">(no name)</Text>}</Table.Cell>
              <Table.Cell maxW="48" truncate>
                {preview.rows[0]?.values[index] ?? ''}
              </Table.Cell>
              <Table.Cell minW="48">
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    aria-label={`Imported as, column ${header || index + 1}`}
                    value={mapping[index] ?? ''}
                    onChange={(event) => onChange(mapping.map((name, at) => (at === index ? event.target.value : name)))}
                    bg="white"
                  >
                    <SelectOptions options={options} placeholder="Leave out" />
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function PreviewRows({ preview, mapping }: { preview: ImportPreview; mapping: ImportMapping }) {
  const shown = mapping.map((name, index) => ({ name, index })).filter((column) => column.name);
  const labelOf = (name: string) => preview.fields.find((field) => field.name === name)?.label ?? name;
  const failing = preview.rows.filter((row) => row.errors.length > 0).length;
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">
        Preview of the first {preview.rows.length} rows
        {failing > 0 ? `: ${failing} with errors (they will not be imported)` : ': no errors'}
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label="Preview">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Row</Table.ColumnHeader>
              {shown.map((column) => (
                <Table.ColumnHeader key={column.index}>{labelOf(column.name)}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>Errors</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.rows.map((row) => (
              <Table.Row key={row.line} bg={row.errors.length > 0 ? 'red.50' : undefined}>
                <Table.Cell>{row.line}</Table.Cell>
                {shown.map((column) => (
                  <Table.Cell key={column.index} maxW="48" truncate>
                    {row.values[column.index] ?? ''}
                  </Table.Cell>
                ))}
                <Table.Cell minW="64">
                  {row.errors.length === 0 ? (
                    <Badge colorPalette="green">OK</Badge>
                  ) : (
                    <Stack gap="0.5">
                      {row.errors.map((error) => (
                        <Text key={`${error.field}-${error.message}`} color="red.700" fontSize="sm">
                          {`Row ${row.line}, ${error.label}: ${error.message}`}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

function ImportProgress({ id, onAgain }: { id: string; onAgain: () => void }) {
  const status = trpc.imports.get.useQuery(
    { id },
    { refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 500) },
  );
  useFailureToast(status, 'Error', FETCH_FAILED);
  const link = trpc.imports.failedRowsLink.useMutation();
  const item = status.data;
  const download = () =>
    link.mutate(
      { id },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => reportFailure('Download failed', error),
      },
    );
  return (
    <QueryState
      isLoading={status.isLoading}
      error={item ? null : status.error}
      isEmpty={!item}
      emptyText="Import not found."
      onRetry={() => void status.refetch()}
    >
      {item ? (
        <Card.Root maxW="2xl">
          <Card.Body gap="5">
            {item.status === 'done' || item.status === 'failed' ? null : (
              <Progress.Root value={item.progress} colorPalette="blue" aria-label="Import progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
                <Progress.Label fontSize="sm" fontWeight="normal" color="gray.700">
                  {`Importing... ${item.progress}% (${item.rowsProcessed.toLocaleString()} rows read)`}
                </Progress.Label>
              </Progress.Root>
            )}
            {item.status === 'failed' ? (
              <Text color="red.700" role="alert">
                The import stopped: {item.error ?? 'an unexpected error'}. Rows written before it stopped are kept; importing the file again
                updates them.
              </Text>
            ) : null}
            {item.status === 'done' ? (
              <Stack gap="3" role="status">
                <Text fontWeight="semibold" fontSize="lg">
                  Import complete
                </Text>
                <Flex gap="4" wrap="wrap">
                  <Badge colorPalette="green" size="lg">{`${item.created.toLocaleString()} created`}</Badge>
                  <Badge colorPalette="blue" size="lg">{`${item.updated.toLocaleString()} updated`}</Badge>
                  <Badge colorPalette={item.failed > 0 ? 'red' : 'gray'} size="lg">{`${item.failed.toLocaleString()} failed`}</Badge>
                </Flex>
              </Stack>
            ) : null}
            <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
              {item.hasFailedRows ? (
                <Button variant="outline" onClick={download} loading={link.isPending}>
                  <Download aria-hidden="true" /> Download failed rows
                </Button>
              ) : null}
              {item.status === 'done' || item.status === 'failed' ? (
                <Button variant="outline" onClick={onAgain}>
                  <RotateCcw aria-hidden="true" /> Import another file
                </Button>
              ) : null}
            </Flex>
          </Card.Body>
        </Card.Root>
      ) : null}
    </QueryState>
  );
}

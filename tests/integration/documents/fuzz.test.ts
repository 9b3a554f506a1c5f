import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, callPath, createTestCompany, listen, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';
import { settle, userFacingError } from '../../support/http.js';
import { createStoredPod } from './document-factory.js';
import { minimalPdf, upload } from './upload-client.js';

/** Arbitrary input to every documents procedure and to the upload's fields: refused with a named field, or not found, never a 500. */
const dataDir = path.resolve(`.data/test-documents-fuzz-${randomUUID().slice(0, 8)}`);
let started: Awaited<ReturnType<typeof startTestServices>>;
let app: FastifyInstance;
let origin: string;
let company: TestCompany;

beforeAll(async () => {
  started = await startTestServices({
    config: { HAULWISE_DATA_DIR: dataDir },
  });
  ({ app, origin } = await listen(started.services));
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  await app?.close();
  await started?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const EXPECTED = ['BAD_REQUEST', 'NOT_FOUND'];
const anyValue = fc.oneof(
  fc.string(),
  fc.constantFrom('', ' ', 'pod', 'all', 'dispatcher', '09:15', '2026-11-20', '\u0000', randomUUID()),
  fc.anything(),
);

describe('arbitrary input', () => {
  it.each([
    [
      'documents.list',
      fc.record({ search: anyValue, documentType: anyValue, loadId: anyValue, cursor: anyValue, limit: anyValue }, { requiredKeys: [] }),
    ],
    ['documents.forLoad', fc.record({ loadId: anyValue, cursor: anyValue, limit: anyValue }, { requiredKeys: [] })],
    ['documents.mine', fc.oneof(fc.anything(), fc.record({ cursor: anyValue, limit: anyValue }, { requiredKeys: [] }))],
    ['documents.downloadLink', fc.oneof(fc.anything(), fc.record({ id: anyValue }))],
    ['documents.delete', fc.oneof(fc.anything(), fc.record({ id: anyValue }))],
    ['documents.podData', fc.oneof(fc.anything(), fc.record({ id: anyValue }))],
    ['documents.extractPod', fc.oneof(fc.anything(), fc.record({ id: anyValue }))],
    [
      'documents.confirmPod',
      fc.record(
        {
          id: anyValue,
          deliveryDate: anyValue,
          deliveryTime: anyValue,
          recipientName: anyValue,
          recipientSignature: anyValue,
          location: anyValue,
          condition: anyValue,
          notes: anyValue,
        },
        { requiredKeys: [] },
      ),
    ],
  ] as const)('%s never answers INTERNAL_SERVER_ERROR', async (procedure, arbitrary) => {
    const caller = await callerFor(started.services, company.users.dispatcher);
    // Some runs name a real POD of the caller's own.
    const pod = await createStoredPod(started.services, company.users.dispatcher);
    await fc.assert(
      fc.asyncProperty(arbitrary as fc.Arbitrary<unknown>, fc.boolean(), async (input, ownId) => {
        const named = ownId && input && typeof input === 'object' && 'id' in input ? { ...input, id: pod.id } : input;
        const error = await settle(callPath(caller, procedure, named));
        if (error) {
          expect(error.code, `${error.code}: ${error.message}`).toBeOneOf(EXPECTED);
          if (error.code === 'BAD_REQUEST') expect(userFacingError(error, procedure).data.field).toMatch(/\S/);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('the upload refuses arbitrary fields with a 4xx and a message, never a 500', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const fieldValue = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', 'pod', 'load_document', 'carrier', randomUUID(), 'x'.repeat(300)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { documentType: fieldValue, visibility: fieldValue, loadId: fieldValue, driverId: fieldValue, carrierId: fieldValue },
          { requiredKeys: [] },
        ),
        fc.string({ minLength: 1, maxLength: 40 }),
        async (fields, name) => {
          const answer = await upload(origin, session, { name: `${name}.pdf`, content: minimalPdf() }, fields as Record<string, string>);
          expect(answer.status === 201 || (answer.status >= 400 && answer.status < 500), JSON.stringify(answer)).toBe(true);
          if (answer.status !== 201) expect(answer.body.error?.message).toMatch(/\S/);
        },
      ),
      { numRuns: 40 },
    );
  });
});

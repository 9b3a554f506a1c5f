import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import type { StartedServices } from '../../../server/src/create-services.js';
import { createTestCompany, TEST_PASSWORD, uniqueEmail, type TestCompany } from '../../support/factories.js';
import { callerFor, callPath, startTestServices, type Caller } from '../../support/harness.js';
import { uniqueIp, userFacingError } from '../../support/http.js';

/**
 * Whatever a stranger posts, the public procedures answer with a clear client error or
 * succeed: never INTERNAL_SERVER_ERROR. Every run calls from an address of its own, so
 * rate limits never hide an answer.
 */

const RUNS = 50;
const EXPECTED_CODES = ['BAD_REQUEST', 'UNAUTHORIZED', 'CONFLICT', 'TOO_MANY_REQUESTS'];

let started: StartedServices;
let company: TestCompany;

beforeAll(async () => {
  started = await startTestServices();
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  await started?.close();
});

/**
 * Text as people and bots type it: printable, any Unicode, and ASCII control characters.
 * U+0000 is kept out of the random runs so they stay deterministic in outcome; the test at
 * the end puts it in every text field instead.
 */
const text = fc
  .oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.string({ unit: 'binary-ascii', maxLength: 300 }),
    fc.constantFrom('', ' ', '\t\r\n', '\uFEFF', '\uD800', '💥'.repeat(60), "'; drop table users; --", '<script>alert(1)</script>'),
  )
  .map((value) => value.replaceAll('\u0000', ''));
/** A field value: usually plausible, sometimes text, sometimes any JSON-ish value at all. */
const field = (plausible: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 2, arbitrary: text }, { weight: 1, arbitrary: fc.anything() });
/** Addresses the form accepts, and RFC-valid ones it may refuse. */
const anyEmail = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,20}[a-z0-9])?$/).filter((local) => !local.includes('..')),
        fc.constantFrom('example.test', 'Example.TEST'),
      )
      .map(([local, domain]) => `${local}@${domain}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);
/** Any address, or one that has an account (read when the run happens, after the company exists). */
const email = fc.oneof(
  { weight: 4, arbitrary: anyEmail },
  { weight: 1, arbitrary: fc.constant(null).map(() => company.users.admin.email) },
);
const name = fc.oneof(
  fc.constantFrom('Pat', 'Prairie Haulers', '  Ada  '),
  text.map((value) => `Ok ${value}`),
);
const password = fc.oneof(fc.constant(TEST_PASSWORD), fc.string({ minLength: 6, maxLength: 40 }), text);

function record<T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) {
  return fc.oneof(
    { weight: 5, arbitrary: fc.record(shape) },
    { weight: 2, arbitrary: fc.record(shape, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything() },
  );
}

const inputs = {
  'auth.signIn': record({ email: field(email), password: field(password) }),
  'auth.signUp': record({
    companyName: field(name),
    firstName: field(name),
    lastName: field(name),
    email: field(anyEmail),
    password: field(password),
  }),
  'contact.send': record({
    name: field(name),
    email: field(anyEmail),
    phone: field(fc.constantFrom('+1 555 0100', '')),
    subject: field(name),
    message: field(name),
    website: fc.option(text, { nil: undefined }),
  }),
  'auth.signOut': fc.oneof(fc.constant(undefined), record({ scope: field(fc.constantFrom('local', 'global')) })),
} as const;

async function callerForRun(path: keyof typeof inputs): Promise<Caller> {
  // Signing out needs someone signed in; the public procedures are called as a stranger.
  return callerFor(started.services, path === 'auth.signOut' ? company.users.driver : null, uniqueIp());
}

describe.each(Object.keys(inputs) as (keyof typeof inputs)[])('%s with arbitrary input', (path) => {
  it(`never answers INTERNAL_SERVER_ERROR (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(inputs[path] as fc.Arbitrary<unknown>, async (input) => {
        const caller = await callerForRun(path);
        try {
          await callPath(caller, path, input);
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          expect(error.code, `${error.code}: ${error.message}`).toBeOneOf(EXPECTED_CODES);
          if (error.code === 'BAD_REQUEST') {
            // A clear message, naming the field it is about.
            const shown = userFacingError(error, path);
            expect(shown.message).toMatch(/\S/);
            expect(shown.data.field).toMatch(/\S/);
          }
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe('a U+0000 character, which PostgreSQL cannot store in text', () => {
  const valid = {
    'auth.signIn': () => ({ email: uniqueEmail('fuzz-nul'), password: 'secret1' }),
    'auth.signUp': () => ({
      companyName: 'Nul Freight',
      firstName: 'Pat',
      lastName: 'Nul',
      email: uniqueEmail('fuzz-nul'),
      password: 'secret1',
    }),
    'contact.send': () => ({
      name: 'Nul Tester',
      email: uniqueEmail('fuzz-nul'),
      phone: '+1 555 0100',
      subject: 'Hello',
      message: 'Hi there',
    }),
  };
  const cases: [keyof typeof valid, string][] = [
    ['auth.signIn', 'password'],
    ['auth.signUp', 'companyName'],
    ['auth.signUp', 'firstName'],
    ['auth.signUp', 'lastName'],
    ['auth.signUp', 'password'],
    ['contact.send', 'name'],
    ['contact.send', 'phone'],
    ['contact.send', 'subject'],
    ['contact.send', 'message'],
  ];

  it.each(cases)('in %s %s gets a clear answer (a refusal names the field), never a 500', async (path, name) => {
    const input: Record<string, string> = valid[path]();
    input[name] = `${input[name]?.slice(0, 3)}\u0000${input[name]?.slice(3)}`;
    const caller = await callerForRun(path);
    try {
      await callPath(caller, path, input);
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      expect(error.code, `${error.code}: ${error.message}`).toBeOneOf(EXPECTED_CODES);
      if (error.code === 'BAD_REQUEST') expect(userFacingError(error, path).data.field).toBe(name);
    }
  });
});

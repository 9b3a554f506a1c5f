import type { Insertable, Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { ActionOf } from '#shared/permissions.js';
import { deleteOutput, recordId } from '#shared/schemas/fields.js';
import { pageOnlyInput, type PageRequest } from '#shared/schemas/pagination.js';
import type { Page } from '../db/pagination.js';
import { deleteRecord, insertRecord, updateRecord } from '../db/records.js';
import type { Database } from '../db/schema.js';
import type { Scope } from '../db/scope.js';
import { notFound, orNotFound } from '../errors.js';
import { permitted } from '../trpc/procedures.js';

/**
 * The procedures every record domain (drivers, brokers, carriers, and the ones to come) shares,
 * built from its permission domain, its output schema and its repository's readers: a record
 * domain is this configuration plus its own special parts (create, update, extra views).
 */

type RecordDomain = 'drivers' | 'brokers' | 'carriers';
type Tx = Kysely<Database>;

/** The list: newest first, one page at a time (server/src/db/pagination.ts). */
export const listRecordsProcedure = <Item>(
  domain: RecordDomain,
  output: z.ZodType<Page<Item>>,
  list: (db: Tx, scope: Scope, page: PageRequest) => Promise<Page<Item>>,
) =>
  permitted(domain, 'read')
    .input(pageOnlyInput)
    .output(output)
    .query(({ ctx, input }) => list(ctx.db, ctx.scope, input));

/** One record by id; another company's id, or one the user may not see, answers like a missing one. */
export const getRecordProcedure = <Row>(
  domain: RecordDomain,
  what: string,
  output: z.ZodType<Row>,
  find: (db: Tx, scope: Scope, id: string) => Promise<Row | undefined>,
) =>
  permitted(domain, 'read')
    .input(recordId)
    .output(output)
    .query(async ({ ctx, input }) => orNotFound(await find(ctx.db, ctx.scope, input.id), what));

/** Deletes a record the user may change (sales: their own); any other id answers like a missing one. */
export const deleteRecordProcedure = <Domain extends RecordDomain>(domain: Domain, action: ActionOf<Domain>, what: string) =>
  permitted(domain, action)
    .input(recordId)
    .output(deleteOutput)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteRecord(ctx.db, ctx.scope, domain, input.id))) throw notFound(what);
      return { id: input.id };
    });

/**
 * Adds a record to the user's company from the form's values (and `owned`: the columns that
 * make it someone's, such as a sales user's sales_agent_id), then reads it back.
 */
export const createRecordProcedure = <Domain extends RecordDomain, Values extends object, Input, Row>(
  domain: Domain,
  what: string,
  input: z.ZodType<Values, Input>,
  output: z.ZodType<Row>,
  find: (db: Tx, scope: Scope, id: string) => Promise<Row | undefined>,
  owned: (scope: Scope) => Partial<Insertable<Database[Domain]>> = () => ({}),
) =>
  permitted(domain, 'write')
    .input(input)
    .output(output)
    .mutation(async ({ ctx, input: values }) => {
      const row = { ...values, ...owned(ctx.scope), companyId: ctx.scope.companyId } as Insertable<Database[Domain]>;
      const id = await insertRecord(ctx.db, domain, row);
      return orNotFound(await find(ctx.db, ctx.scope, id), what);
    });

/** Changes the fields given of a record the user may change (undefined: left as it is), then reads it back. */
export const updateRecordProcedure = <Domain extends RecordDomain, Values extends { id: string }, Input, Row>(
  domain: Domain,
  what: string,
  input: z.ZodType<Values, Input>,
  output: z.ZodType<Row>,
  find: (db: Tx, scope: Scope, id: string) => Promise<Row | undefined>,
) =>
  permitted(domain, 'write')
    .input(input)
    .output(output)
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      if (!(await updateRecord(ctx.db, ctx.scope, domain, id, values as unknown as Updateable<Database[Domain]>))) throw notFound(what);
      return orNotFound(await find(ctx.db, ctx.scope, id), what);
    });

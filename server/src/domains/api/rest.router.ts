import type { OpenApiRouter } from 'trpc-to-openapi';
import { z } from 'zod';
import type { ActionOf, Domain } from '#shared/permissions.js';
import { API_POSITIONS_TEXTS, driverPositionsInput } from '#shared/schemas/api-keys.js';
import { brokerListOutput, brokerOutput, createBrokerInput, updateBrokerInput } from '#shared/schemas/brokers.js';
import { carrierListOutput, carrierOutput, createCarrierInput, updateCarrierInput } from '#shared/schemas/carriers.js';
import { documentIdInput, documentLinkOutput, documentListInput, documentListOutput } from '#shared/schemas/documents.js';
import { createDriverInput, driverListOutput, driverOutput, updateDriverInput } from '#shared/schemas/drivers.js';
import { deleteOutput, recordId } from '#shared/schemas/fields.js';
import {
  changeInvoiceStatusInput,
  createInvoiceInput,
  invoiceDetail,
  invoiceIdInput,
  invoiceListInput,
  invoiceListOutput,
} from '#shared/schemas/invoices.js';
import {
  changeLoadStatusInput,
  createLoadInput,
  loadDetail,
  loadIdInput,
  loadListInput,
  loadListOutput,
  updateLoadInput,
} from '#shared/schemas/loads.js';
import { pageOnlyInput } from '#shared/schemas/pagination.js';
import { POSITION_TEXTS, positionsReportOutput } from '#shared/schemas/positions.js';
import {
  createTrackingLinkInput,
  createTrackingLinkOutput,
  revokeTrackingLinkInput,
  revokeTrackingLinkOutput,
} from '#shared/schemas/tracking.js';
import { AppError } from '../../errors.js';
import type { Context } from '../../trpc/context.js';
import { wireOutput } from '../../trpc/output.js';
import { permitted, router, type ProcedureMeta } from '../../trpc/procedures.js';
import { brokersRouter } from '../brokers/brokers.router.js';
import { carriersRouter } from '../carriers/carriers.router.js';
import { documentsRouter } from '../documents/documents.router.js';
import { driversRouter } from '../drivers/drivers.router.js';
import { invoicesRouter } from '../invoices/invoices.router.js';
import { loadsRouter } from '../loads/loads.router.js';
import { storeOwnPositions } from '../positions/positions.repository.js';
import { trackingRouter } from '../tracking/tracking.router.js';

/**
 * The REST API under /api/v1 (issue 28, item 1): thin procedures that trpc-to-openapi serves and
 * documents. Each takes the app's own zod schemas (shared/src/schemas) and calls the app's own
 * procedure through tRPC's server-side caller with the same context, so validation, the permission
 * table, the API key's scopes, row-level security and the audit trail are exactly the app's: no
 * rule is written twice. Each endpoint's own guard (permitted, with no transaction) refuses a key
 * without the scope before any work; the app's procedure then opens the call's one transaction.
 */

/** The app's own procedures the endpoints call (the same router objects as app-router.ts's). */
const appProcedures = router({
  loads: loadsRouter,
  brokers: brokersRouter,
  drivers: driversRouter,
  carriers: carriersRouter,
  documents: documentsRouter,
  invoices: invoicesRouter,
  tracking: trackingRouter,
});
const app = (ctx: Context) => appProcedures.createCaller(ctx);

type Route = NonNullable<ProcedureMeta['openapi']>;

/** One endpoint: the permission it asks (the app procedure's own), its method and path, its tag and summary. */
function endpoint<D extends Domain>(
  domain: D,
  action: ActionOf<D>,
  method: Route['method'],
  path: Route['path'],
  tag: string,
  summary: string,
) {
  return permitted(domain, action, {
    transaction: false,
    openapi: { method, path, tags: [tag], summary, protect: true, successDescription: summary },
  });
}

/**
 * How an endpoint declares its answer. The document (openapi-document.ts) reads each endpoint's
 * zod schema; the served endpoints check the answer against that same schema with zod's
 * synchronous parse (wireOutput, trpc/output.ts), as the app's hot reads do: for a zod schema
 * tRPC runs parseAsync, which skips zod's compiled object parser (about 4x slower on a page of
 * loads; bench/output-validation.ts), and the answer was already checked once by the app's own
 * procedure. trpc-to-openapi's handler takes zod outputs only, so the served check is an unknown
 * whose `.overwrite()` (zod's value-replacing step, allowed in output schemas) is that parse. Same schema, same rules (an answer
 * that does not fit is a 500 "Output validation failed", unknown keys dropped), both routers
 * built from the one list below.
 */
type OutputOf = <S extends z.ZodType>(schema: S) => S | z.ZodType;

/** The served form of an answer's schema: its synchronous parse, inside a zod schema. */
export const checkedSynchronously: OutputOf = (schema) => z.unknown().overwrite(wireOutput(schema));

function restRoutes(output: OutputOf) {
  return router({
    loads: router({
      list: endpoint('loads', 'read', 'GET', '/loads', 'Loads', 'List loads (status, date and search filters; cursor pages)')
        .input(loadListInput)
        .output(output(loadListOutput))
        .query(({ ctx, input }) => app(ctx).loads.list(input)),
      get: endpoint('loads', 'read', 'GET', '/loads/{id}', 'Loads', 'Get a load')
        .input(loadIdInput)
        .output(output(loadDetail))
        .query(({ ctx, input }) => app(ctx).loads.get(input)),
      create: endpoint('loads', 'write', 'POST', '/loads', 'Loads', 'Create a load')
        .input(createLoadInput)
        .output(output(loadDetail))
        .mutation(({ ctx, input }) => app(ctx).loads.create(input)),
      update: endpoint('loads', 'write', 'PUT', '/loads/{id}', 'Loads', 'Update a load (every field of the form, as the app sends it)')
        .input(updateLoadInput)
        .output(output(loadDetail))
        .mutation(({ ctx, input }) => app(ctx).loads.update(input)),
      changeStatus: endpoint('loads', 'write', 'POST', '/loads/{id}/status', 'Loads', "Change a load's status")
        .input(changeLoadStatusInput)
        .output(output(loadDetail))
        .mutation(({ ctx, input }) => app(ctx).loads.changeStatus(input)),
      createTrackingLink: endpoint(
        'trackingLinks',
        'write',
        'POST',
        '/loads/{loadId}/tracking-links',
        'Tracking links',
        'Create a tracking link',
      )
        .input(createTrackingLinkInput)
        .output(output(createTrackingLinkOutput))
        .mutation(({ ctx, input }) => app(ctx).tracking.createLink(input)),
    }),
    trackingLinks: router({
      revoke: endpoint('trackingLinks', 'write', 'DELETE', '/tracking-links/{id}', 'Tracking links', 'Revoke a tracking link')
        .input(revokeTrackingLinkInput)
        .output(output(revokeTrackingLinkOutput))
        .mutation(({ ctx, input }) => app(ctx).tracking.revokeLink(input)),
    }),
    brokers: router({
      list: endpoint('brokers', 'read', 'GET', '/brokers', 'Brokers', 'List brokers')
        .input(pageOnlyInput)
        .output(output(brokerListOutput))
        .query(({ ctx, input }) => app(ctx).brokers.list(input)),
      get: endpoint('brokers', 'read', 'GET', '/brokers/{id}', 'Brokers', 'Get a broker')
        .input(recordId)
        .output(output(brokerOutput))
        .query(({ ctx, input }) => app(ctx).brokers.get(input)),
      create: endpoint('brokers', 'write', 'POST', '/brokers', 'Brokers', 'Create a broker')
        .input(createBrokerInput)
        .output(output(brokerOutput))
        .mutation(({ ctx, input }) => app(ctx).brokers.create(input)),
      update: endpoint('brokers', 'write', 'PATCH', '/brokers/{id}', 'Brokers', 'Update a broker (the fields given)')
        .input(updateBrokerInput)
        .output(output(brokerOutput))
        .mutation(({ ctx, input }) => app(ctx).brokers.update(input)),
      delete: endpoint('brokers', 'delete', 'DELETE', '/brokers/{id}', 'Brokers', 'Delete a broker')
        .input(recordId)
        .output(output(deleteOutput))
        .mutation(({ ctx, input }) => app(ctx).brokers.delete(input)),
    }),
    drivers: router({
      list: endpoint('drivers', 'read', 'GET', '/drivers', 'Drivers', 'List drivers')
        .input(pageOnlyInput)
        .output(output(driverListOutput))
        .query(({ ctx, input }) => app(ctx).drivers.list(input)),
      get: endpoint('drivers', 'read', 'GET', '/drivers/{id}', 'Drivers', 'Get a driver')
        .input(recordId)
        .output(output(driverOutput))
        .query(({ ctx, input }) => app(ctx).drivers.get(input)),
      create: endpoint('drivers', 'write', 'POST', '/drivers', 'Drivers', 'Create a driver')
        .input(createDriverInput)
        .output(output(driverOutput))
        .mutation(({ ctx, input }) => app(ctx).drivers.create(input)),
      update: endpoint('drivers', 'write', 'PATCH', '/drivers/{id}', 'Drivers', 'Update a driver (the fields given)')
        .input(updateDriverInput)
        .output(output(driverOutput))
        .mutation(({ ctx, input }) => app(ctx).drivers.update(input)),
      delete: endpoint('drivers', 'write', 'DELETE', '/drivers/{id}', 'Drivers', 'Delete a driver')
        .input(recordId)
        .output(output(deleteOutput))
        .mutation(({ ctx, input }) => app(ctx).drivers.delete(input)),
      /**
       * An integration's batch of one driver's positions (an ELD, telematics): the driver app's own
       * rules (shared positionReport: ranges, not in the future, at most 7 days old, 100 a batch,
       * idempotent per key; nothing while the driver's location sharing is off) and its one
       * statement (positions.repository.ts, for this driver record). Only with an API key: the
       * database takes a position from a key of the company with drivers write (its policy), or
       * from the driver's own account.
       */
      ingestPositions: permitted('drivers', 'write', {
        openapi: {
          method: 'POST',
          path: '/drivers/{driverId}/positions',
          tags: ['Drivers'],
          summary: "Report a batch of a driver's positions",
          successDescription: 'How many were stored, how many were already stored, and the latest position',
          protect: true,
        },
      })
        .input(driverPositionsInput)
        .output(output(positionsReportOutput))
        .mutation(async ({ ctx, input }) => {
          if (!ctx.apiKey) throw new AppError('FORBIDDEN', API_POSITIONS_TEXTS.keyOnly);
          const outcome = await storeOwnPositions(ctx.db, ctx.scope, input.positions, input.driverId);
          if (outcome.kind === 'not-a-driver') throw new AppError('NOT_FOUND', API_POSITIONS_TEXTS.driverNotFound, { field: 'driverId' });
          if (outcome.kind === 'consent-off') throw new AppError('FORBIDDEN', POSITION_TEXTS.consentOff);
          return outcome.output;
        }),
    }),
    carriers: router({
      list: endpoint('carriers', 'read', 'GET', '/carriers', 'Carriers', 'List carriers')
        .input(pageOnlyInput)
        .output(output(carrierListOutput))
        .query(({ ctx, input }) => app(ctx).carriers.list(input)),
      get: endpoint('carriers', 'read', 'GET', '/carriers/{id}', 'Carriers', 'Get a carrier')
        .input(recordId)
        .output(output(carrierOutput))
        .query(({ ctx, input }) => app(ctx).carriers.get(input)),
      create: endpoint('carriers', 'write', 'POST', '/carriers', 'Carriers', 'Create a carrier')
        .input(createCarrierInput)
        .output(output(carrierOutput))
        .mutation(({ ctx, input }) => app(ctx).carriers.create(input)),
      update: endpoint('carriers', 'write', 'PATCH', '/carriers/{id}', 'Carriers', 'Update a carrier (the fields given)')
        .input(updateCarrierInput)
        .output(output(carrierOutput))
        .mutation(({ ctx, input }) => app(ctx).carriers.update(input)),
      delete: endpoint('carriers', 'write', 'DELETE', '/carriers/{id}', 'Carriers', 'Delete a carrier')
        .input(recordId)
        .output(output(deleteOutput))
        .mutation(({ ctx, input }) => app(ctx).carriers.delete(input)),
    }),
    documents: router({
      list: endpoint('documents', 'read', 'GET', '/documents', 'Documents', 'List documents')
        .input(documentListInput)
        .output(output(documentListOutput))
        .query(({ ctx, input }) => app(ctx).documents.list(input)),
      downloadLink: endpoint('documents', 'read', 'GET', '/documents/{id}/download-link', 'Documents', 'A signed, expiring download link')
        .input(documentIdInput)
        .output(output(documentLinkOutput))
        .query(({ ctx, input }) => app(ctx).documents.downloadLink(input)),
    }),
    invoices: router({
      list: endpoint('invoices', 'read', 'GET', '/invoices', 'Invoices', 'List invoices')
        .input(invoiceListInput)
        .output(output(invoiceListOutput))
        .query(({ ctx, input }) => app(ctx).invoices.list(input)),
      get: endpoint('invoices', 'read', 'GET', '/invoices/{id}', 'Invoices', 'Get an invoice')
        .input(invoiceIdInput)
        .output(output(invoiceDetail))
        .query(({ ctx, input }) => app(ctx).invoices.get(input)),
      create: endpoint('invoices', 'write', 'POST', '/invoices', 'Invoices', 'Create an invoice')
        .input(createInvoiceInput)
        .output(output(invoiceDetail))
        .mutation(({ ctx, input }) => app(ctx).invoices.create(input)),
      changeStatus: endpoint('invoices', 'write', 'POST', '/invoices/{id}/status', 'Invoices', "Change an invoice's status")
        .input(changeInvoiceStatusInput)
        .output(output(invoiceDetail))
        .mutation(({ ctx, input }) => app(ctx).invoices.changeStatus(input)),
    }),
  });
}

/** The endpoints as documented: each answer's zod schema (openapi-document.ts generates the document from it). */
export const restRouter = restRoutes((schema) => schema);
/** The endpoints as served (api.routes.ts): the same, each answer checked by wireOutput. */
export const servedRestRouter = restRoutes(checkedSynchronously);

export type RestRouter = typeof restRouter;

/**
 * The same router as trpc-to-openapi's functions take it: they type a router's meta as any record,
 * and ours requires `access` (every procedure's, set by permitted()), which their type cannot promise.
 */
export const openApiRouter = restRouter as unknown as OpenApiRouter;
/** The served endpoints as trpc-to-openapi's handler takes them (see openApiRouter). */
export const servedOpenApiRouter = servedRestRouter as unknown as OpenApiRouter;

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EXPORT_PATH, exportInput } from '#shared/schemas/export.js';
import { callerOf } from '../../trpc/http-access.js';
// A plain streaming route, not a procedure: it opens the company's tenant transaction itself, exactly as procedures.ts does
// (eslint.config.js lets code outside a call, such as *.routes.ts, import withCompany).
import { withCompany } from '../../db/with-company.js';
import type { AppServices } from '../../services/services.js';
import { recordExportAudit, streamExport } from './export-stream.js';

const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ error: { message } });

/**
 * The data export (the Export card), a plain route beside tRPC because it streams a file:
 * POST /api/export with { format: 'json' | 'csv', categories }. Admins only (export.run); the
 * rows are read inside the company's tenant transaction (withCompany, as procedures do), so
 * row-level security applies, through cursors, so memory stays flat. JSON streams as one
 * document; CSV as a zip of one file per category. Every export is audited: an audit_logs entry
 * (export, exported) written in the export's transaction as it starts, or on its own when it fails,
 * and a line in the server log.
 */
export function exportPlugin(services: AppServices) {
  return async function exportRoutes(app: FastifyInstance): Promise<void> {
    app.post(EXPORT_PATH, { config: { access: { domain: 'export', action: 'run' } } }, async (request, reply) => {
      const { session } = callerOf(request);
      const parsed = exportInput.safeParse(request.body ?? {});
      if (!parsed.success) return refuse(reply, 400, parsed.error.issues[0]?.message ?? 'Invalid export');
      const { format, categories } = parsed.data;

      const day = new Date().toISOString().slice(0, 10);
      const fileName = `haulwise-export-${day}.${format === 'json' ? 'json' : 'zip'}`;
      // The route answers by streaming: Fastify's handler deadline does not apply to a hijacked reply.
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'application/zip',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      const started = Date.now();
      const tenant = { companyId: session.company.id, userId: session.user.id };
      const audit = { exportId: randomUUID(), userId: tenant.userId };
      try {
        const result = await withCompany(services.db, tenant, (tx) =>
          streamExport(tx, { companyId: tenant.companyId, companyName: session.company.name, format, categories, audit }, out),
        );
        const rows = Object.values(result.rows).reduce((sum, count) => sum + (count ?? 0), 0);
        services.log.info(
          `audit export: user ${tenant.userId} company ${tenant.companyId} ${format} ${categories.join(',')}` +
            ` rows ${rows} (${JSON.stringify(result.rows)}) skipped ${result.skipped.map((entry) => entry.category).join(',') || 'none'} in ${Date.now() - started} ms`,
        );
      } catch (error) {
        services.log.warn(`audit export failed: user ${tenant.userId} company ${tenant.companyId}: ${(error as Error).message}`);
        // Headers are sent: a cut connection is how the browser learns the export failed.
        out.destroy(error as Error);
        // The export's transaction (and the audit entry it wrote) rolled back: the attempt is recorded on its own.
        await withCompany(services.db, tenant, (tx) =>
          recordExportAudit(tx, { ...audit, companyId: tenant.companyId, format, categories, failed: (error as Error).message }),
        ).catch((auditError: unknown) =>
          services.log.error(`audit export: the failed export ${audit.exportId} could not be recorded: ${(auditError as Error).message}`),
        );
      }
    });
  };
}

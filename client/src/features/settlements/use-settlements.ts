import { z } from 'zod';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { SETTLEMENT_TEXTS as SHARED_TEXTS, type SettlementLine } from '#shared/schemas/settlements.js';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { saveFile } from '../invoices/use-invoices';

export type {
  Deduction,
  PayProfile,
  Period,
  SettlementDetail,
  SettlementLine,
  SettlementReport,
  SettlementReportOutput,
  SettlementSummary,
} from '#shared/schemas/settlements.js';

/** The tabs of /settlements, in the address (?tab=). */
export const SETTLEMENT_TABS = ['periods', 'profiles', 'deductions', 'reports'] as const;
export type SettlementTab = (typeof SETTLEMENT_TABS)[number];

/** What this user may do with driver pay (docs/permissions.md): the server decides, this only hides what it would refuse. */
export function settlementPermissions(session: SessionOutput) {
  return { canChange: can(session, 'settlements', 'write') };
}

/** The texts of the screen (its tests read them too); the field errors and refusals are the shared schema's. */
export const SETTLEMENT_TEXTS = {
  ...SHARED_TEXTS,
  noPeriods: 'No periods yet. Open the first week to gather delivered loads.',
  noSettlements: 'No settlements in this period: no driver had delivered loads or deductions due.',
  approveWarning: "Approved settlements can't change",
} as const;

/** An optional field of a form: left empty, it is null; filled, the shared schema checks it. */
export const blankAsNull = <Schema extends z.ZodType>(schema: Schema) => z.union([z.literal('').transform(() => null), schema]);

/** The groups of a statement's lines, in the order they are shown. */
export const LINE_GROUPS = [
  { title: 'Loads', kinds: ['load_pay'] },
  { title: 'Extra pay', kinds: ['extra_pay'] },
  { title: 'Deductions & advances', kinds: ['deduction', 'advance', 'advance_repayment', 'escrow'] },
  { title: 'Adjustments', kinds: ['adjustment'] },
] as const satisfies readonly { title: string; kinds: readonly SettlementLine['kind'][] }[];

/** Every settlements list reads again after a change. */
export function useRefreshSettlements() {
  const utils = trpc.useUtils();
  return () => void utils.settlements.invalidate();
}

/** The statement PDF, made on the server, saved as a file (as an invoice's PDF is). */
export function useStatementPdf() {
  const pdf = trpc.settlements.statementPdf.useMutation();
  const download = (id: string) =>
    pdf.mutate(
      { id },
      {
        onSuccess: ({ fileName, contentBase64 }) => saveFile(fileName, contentBase64),
        onError: (error) => reportFailure('Failed to download the statement', error),
      },
    );
  return { download, downloadingId: pdf.isPending ? pdf.variables?.id : undefined };
}

/** A toast after a change that went through. */
export const told = (title: string, description?: string) => () => notify.success(title, description);

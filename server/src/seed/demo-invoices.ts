import { addDays, dueDateFor } from '#shared/schemas/invoices.js';
import type { InvoiceStatus } from '#shared/schemas/invoices.js';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { insertInvoice } from '../domains/invoices/invoices.repository.js';

/**
 * Invoices on the demo's delivered loads, over the last months, in every state, so the Invoices
 * screen, the treasury figures and the ageing summary all show something real: recent ones still
 * drafts, then sent (some past due: overdue), most older ones paid, a couple voided. Made by the
 * treasury member through the same numbering and lifecycle as the app (so audited); the payment
 * notifications this makes are marked read. Added once: a company with invoices is left as it is.
 *
 * Paid dates are the seeding time (the app role may not write paid_at), so every demo payment
 * counts in Paid This Month.
 */
/** How many demo invoices, over how many days of delivered loads. */
const DEMO_INVOICES = 36;
const DEMO_DAYS = 180;

export async function seedDemoInvoices(db: Db, companyId: string): Promise<boolean> {
  const setup = await withCompany(db, { companyId, userId: null }, async (tx) => {
    if (await tx.selectFrom('invoices').select('id').limit(1).executeTakeFirst()) return null;
    const staff = await tx
      .selectFrom('userRoles')
      .select(['userId', 'role'])
      .where('companyId', '=', companyId)
      .where('role', 'in', ['treasury', 'admin'])
      .execute();
    const loads = await tx
      .selectFrom('loads')
      .leftJoin('brokers', 'brokers.id', 'loads.brokerId')
      .select(['loads.id', 'loads.brokerId', 'loads.rate', 'loads.deliveryDate', 'loads.factoring', 'brokers.paymentTerms'])
      .where('loads.status', '=', 'delivered')
      .where('loads.deliveryDate', 'is not', null)
      .where('loads.rate', 'is not', null)
      .where('loads.deliveryDate', '>=', addDays(new Date().toISOString().slice(0, 10), -DEMO_DAYS))
      .orderBy('loads.deliveryDate', 'desc')
      .orderBy('loads.id')
      .limit(1000)
      .execute();
    // Spread over the months: every n-th delivered load, newest first.
    const step = Math.max(1, Math.floor(loads.length / DEMO_INVOICES));
    return { staff, loads: loads.filter((_, index) => index % step === 0).slice(0, DEMO_INVOICES) };
  });
  if (!setup) return false;
  const treasury = setup.staff.find((member) => member.role === 'treasury')?.userId ?? setup.staff[0]?.userId;
  if (!treasury || setup.loads.length === 0) return false;
  const today = new Date().toISOString().slice(0, 10);

  const scope = { companyId, userId: treasury, role: 'treasury' as const, isMasterAdmin: false, readsCompanyId: companyId };
  // Every ageing bucket the loads reach, and Factoring Active, get at least one unpaid invoice.
  const unpaidBuckets = new Set<string>();
  let factoredUnpaid = false;
  // Oldest first, each in its own transaction (so its own created_at): the newest invoices top the list.
  for (const [index, load] of [...setup.loads].reverse().entries()) {
    const invoiceDate = load.deliveryDate as string;
    const dueDate = dueDateFor(invoiceDate, load.paymentTerms) ?? addDays(invoiceDate, 30);
    const daysPastDue = Math.round((Date.parse(today) - Date.parse(dueDate)) / 86_400_000);
    const bucket = ageingBucketOf(daysPastDue);
    let moves = lifecycleOf(index, daysPastDue);
    if (moves.includes('paid') && (!unpaidBuckets.has(bucket) || (load.factoring && !factoredUnpaid))) moves = ['sent'];
    if (!moves.includes('paid') && !moves.includes('void')) {
      unpaidBuckets.add(bucket);
      if (load.factoring) factoredUnpaid = true;
    }
    await withCompany(db, { companyId, userId: treasury }, async (tx) => {
      const id = await insertInvoice(tx, scope, {
        invoiceDate,
        dueDate,
        amount: load.rate as string,
        loadId: load.id,
        brokerId: load.brokerId,
        notes: null,
      });
      for (const status of moves) {
        await tx.updateTable('invoices').set({ status }).where('id', '=', id).execute();
      }
    });
  }
  // The seeding's own payment notices are not news to anyone.
  for (const member of setup.staff) {
    await withCompany(db, { companyId, userId: member.userId }, (tx) =>
      tx
        .updateTable('notifications')
        .set({ readAt: new Date() })
        .where('userId', '=', member.userId)
        .where('kind', '=', 'invoice_payment')
        .where('readAt', 'is', null)
        .execute(),
    );
  }
  return true;
}

/** The treasury dashboard's ageing bucket of an unpaid invoice this many days past its due date. */
function ageingBucketOf(daysPastDue: number): string {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return '1-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  return '90+';
}

/**
 * The moves an invoice makes from draft: those not yet due stay drafts or are sent; past due, a
 * third are still unpaid (overdue), the rest paid; a few are void. The caller keeps the first
 * invoice of each ageing bucket, and of a factored load, unpaid.
 */
function lifecycleOf(index: number, daysPastDue: number): InvoiceStatus[] {
  if (index % 11 === 7) return ['void'];
  if (daysPastDue <= 0) return index % 3 === 0 ? [] : ['sent'];
  if (index % 3 === 0) return ['sent'];
  if (index % 7 === 2) return [];
  return index % 2 === 0 ? ['sent', 'paid'] : ['paid'];
}

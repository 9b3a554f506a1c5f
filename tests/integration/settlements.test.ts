import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTLEMENT_TEXTS } from '#shared/schemas/settlements.js';
import { seedDemo } from '../../server/src/seed/demo-data.js';
import { createCarrier, createDriver, createLoad, createMember, type TestCompany } from '../support/factories.js';
import { callerFor, listen, sessionFor } from '../support/harness.js';
import { openLiveTab } from '../support/live.js';
import { settle, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { linkCarrierUser, linkDriverAccount } from './security/matrix/portal.js';

/**
 * Driver pay (issue 30): opening a week gathers delivered loads once, edits need a reason,
 * approval locks (in the API and in the database), a correction is an adjustment in the next
 * week, paying, the statement PDF, and who sees it (docs/settlements.md).
 */
const tenants = useTenants();

/** The refusal a call was expected to meet. */
function refused<E>(error: E | null): E {
  expect(error).not.toBeNull();
  return error as E;
}
const { as } = tenants;

/** Week of Monday 2026-11-16 (the default week start is Monday, the default zone America/Chicago). */
const WEEK = '2026-11-16';
const NEXT_WEEK = '2026-11-23';

/** A delivered load of the driver, delivered at the instant given (status_updated_at, as the owner: the trigger sets it to now). */
async function deliveredLoad(company: TestCompany, driverId: string, at: string, values: { rate?: string; distance?: string } = {}) {
  const id = await createLoad(tenants.services.db, company.users.dispatcher, {
    driverId,
    status: 'delivered',
    rate: values.rate ?? '2000.00',
  });
  await tenants.owner
    .updateTable('loads')
    .set({ statusUpdatedAt: at, distance: values.distance ?? '800' })
    .where('id', '=', id)
    .execute();
  return id;
}

async function driverWithProfile(company: TestCompany, rate = '0.60', values: Record<string, unknown> = {}) {
  const driverId = await createDriver(tenants.services.db, company.users.admin, {
    firstName: 'Pay',
    lastName: `Driver ${randomUUID().slice(0, 6)}`,
  });
  const treasury = await as('treasury', company);
  await treasury.settlements.setProfile({
    driverId,
    effectiveFrom: '2026-01-01',
    driverType: 'company',
    payBasis: 'loaded_mile',
    rate,
    ...values,
  });
  return driverId;
}

describe('settlements', () => {
  it('opens a week: gathers each delivered load once, with deductions, exact money', async () => {
    const company = tenants.companyA;
    const treasury = await as('treasury');
    const driverId = await driverWithProfile(company, '0.555');
    // 800 miles × $0.555 = 444.00; 333 × 0.555 = 184.815 → 184.82 (half-up).
    const first = await deliveredLoad(company, driverId, '2026-11-17T15:00:00Z');
    const second = await deliveredLoad(company, driverId, '2026-11-20T15:00:00Z', { distance: '333' });
    // Delivered Monday 00:30 in Chicago: next week's.
    const nextWeeks = await deliveredLoad(company, driverId, '2026-11-23T06:30:00Z');
    await treasury.settlements.createDeduction({
      driverId,
      kind: 'recurring',
      description: 'Insurance',
      amount: '45.50',
      startsOn: '2026-11-01',
    });

    const period = await treasury.settlements.openPeriod({ startsOn: WEEK });
    expect(period).toMatchObject({ startsOn: WEEK, endsOn: '2026-11-22', status: 'open' });
    const [summary] = (await treasury.settlements.listSettlements({ periodId: period.id })).filter((row) => row.driverId === driverId);
    expect(summary).toMatchObject({ status: 'draft', loadCount: 2, gross: '628.82', deductions: '-45.50', net: '583.32' });
    const detail = await treasury.settlements.getSettlement({ id: summary?.id as string });
    expect(detail.lines.filter((line) => line.kind === 'load_pay').map((line) => line.loadId)).toEqual(
      expect.arrayContaining([first, second]),
    );
    expect(detail.lines.some((line) => line.loadId === nextWeeks)).toBe(false);
    expect(detail.lines.find((line) => line.loadId === first)).toMatchObject({
      lane: 'Dallas, TX → Atlanta, GA',
      loadDate: '2026-11-17',
      amount: '444.00',
    });

    // Opening it again (or refreshing) gathers the drafts again: still each load once.
    await treasury.settlements.openPeriod({ startsOn: WEEK });
    await treasury.settlements.refreshPeriod({ periodId: period.id });
    const again = await treasury.settlements.getSettlement({ id: summary?.id as string });
    expect(again.lines.filter((line) => line.kind === 'load_pay')).toHaveLength(2);
    expect(again.net).toBe('583.32');

    // A week's start must be the company's start day.
    const wrongDay = await settle(treasury.settlements.openPeriod({ startsOn: '2026-11-17' }));
    expect(userFacingError(refused(wrongDay), 'settlements.openPeriod').data.field).toBe('startsOn');
  });

  it('edits with a reason, approves (locked in the API and the database), corrects in the next week, marks paid', async () => {
    const company = tenants.companyA;
    const treasury = await as('treasury');
    const driverId = await driverWithProfile(company, '0.50');
    await deliveredLoad(company, driverId, '2026-11-18T15:00:00Z');
    const period = await treasury.settlements.openPeriod({ startsOn: WEEK });
    const summary = (await treasury.settlements.listSettlements({ periodId: period.id })).find((row) => row.driverId === driverId);
    const id = summary?.id as string;
    const detail = await treasury.settlements.getSettlement({ id });
    const line = detail.lines[0];
    expect(line).toMatchObject({ kind: 'load_pay', amount: '400.00' });

    // No reason: refused naming the field, with the contract's words.
    const noReason = await settle(treasury.settlements.updateLine({ id: line?.id as string, amount: '410.00', reason: ' ' }));
    expect(userFacingError(refused(noReason), 'settlements.updateLine').data.fieldErrors?.reason).toBe(SETTLEMENT_TEXTS.reasonRequired);
    const edited = await treasury.settlements.updateLine({ id: line?.id as string, quantity: '812', reason: 'Detour on I-20' });
    expect(edited.lines.find((row) => row.id === line?.id)).toMatchObject({
      quantity: '812.00',
      amount: '406.00',
      reason: 'Detour on I-20',
    });
    const withItem = await treasury.settlements.addLine({
      settlementId: id,
      kind: 'extra_pay',
      description: 'Detention',
      amount: '75',
      reason: 'Shipper held 3 h',
    });
    expect(withItem.net).toBe('481.00');
    // The audit trail holds the change, under the driver.
    const audit = await tenants.owner
      .selectFrom('auditLogs')
      .select(['entityType', 'action', 'changes'])
      .where('companyId', '=', company.companyId)
      .where('entityId', '=', driverId)
      .execute();
    expect(audit.some((entry) => entry.action === 'updated' && JSON.stringify(entry.changes).includes('Detour on I-20'))).toBe(true);

    // The refresh keeps the person's lines.
    await treasury.settlements.refreshPeriod({ periodId: period.id });
    expect((await treasury.settlements.getSettlement({ id })).net).toBe('481.00');

    const approved = await treasury.settlements.approve({ id });
    expect(approved).toMatchObject({ status: 'approved', net: '481.00' });
    expect(approved.approvedAt).not.toBeNull();
    const lockedEdit = await settle(treasury.settlements.updateLine({ id: line?.id as string, amount: '1.00', reason: 'oops' }));
    expect(lockedEdit?.message).toBe(SETTLEMENT_TEXTS.approvedLocked);
    expect(
      (await settle(treasury.settlements.addLine({ settlementId: id, kind: 'adjustment', description: 'x', amount: '1', reason: 'y' })))
        ?.code,
    ).toBe('CONFLICT');
    // The database refuses it too, whoever asks (the table owner included).
    await expect(
      tenants.owner.updateTable('settlementLines').set({ amount: '1.00' }).where('settlementId', '=', id).execute(),
    ).rejects.toThrow(/Approved settlements can't change/);
    await expect(tenants.owner.deleteFrom('settlementLines').where('settlementId', '=', id).execute()).rejects.toThrow(
      /Approved settlements/,
    );
    await expect(
      tenants.owner
        .insertInto('settlementLines')
        .values({ companyId: company.companyId, settlementId: id, kind: 'adjustment', description: 'Sneaked in', amount: '1.00' })
        .execute(),
    ).rejects.toThrow(/Approved settlements/);
    // Every gathered line was audited as created, under the driver.
    const created = await tenants.owner
      .selectFrom('auditLogs')
      .select('changes')
      .where('companyId', '=', company.companyId)
      .where('entityId', '=', driverId)
      .where('action', '=', 'created')
      .execute();
    expect(created.some((entry) => JSON.stringify(entry.changes).includes('"table":"settlement_lines"'))).toBe(true);
    await expect(tenants.owner.updateTable('settlements').set({ status: 'draft' }).where('id', '=', id).execute()).rejects.toThrow(
      /Approved/,
    );
    // A refresh leaves the approved one alone.
    await treasury.settlements.refreshPeriod({ periodId: period.id });
    expect((await treasury.settlements.getSettlement({ id })).net).toBe('481.00');

    // The correction: an adjustment in the next week's settlement.
    await deliveredLoad(company, driverId, '2026-11-24T15:00:00Z', { distance: '100' });
    const next = await treasury.settlements.openPeriod({ startsOn: NEXT_WEEK });
    const nextId = (await treasury.settlements.listSettlements({ periodId: next.id })).find((row) => row.driverId === driverId)
      ?.id as string;
    const adjusted = await treasury.settlements.addLine({
      settlementId: nextId,
      kind: 'adjustment',
      description: `Correction to week of ${WEEK}`,
      amount: '-6.00',
      reason: 'Detour was 800 miles',
    });
    expect(adjusted).toMatchObject({ gross: '50.00', deductions: '-6.00', net: '44.00' });

    // Paid needs approved; then date and method.
    const notApproved = await settle(treasury.settlements.markPaid({ id: nextId, paidOn: '2026-11-30', method: 'ach' }));
    expect(notApproved?.message).toBe(SETTLEMENT_TEXTS.notApproved);
    const paid = await treasury.settlements.markPaid({ id, paidOn: '2026-11-27', method: 'check', reference: '10452' });
    expect(paid).toMatchObject({ status: 'paid', paidAt: '2026-11-27', paidMethod: 'check' });
    await expect(tenants.owner.updateTable('settlements').set({ paidReference: 'changed' }).where('id', '=', id).execute()).rejects.toThrow(
      /Approved/,
    );

    // The driver is notified when approved (only when the driver has an account: here none).
    const periods = await treasury.settlements.listPeriods();
    expect(periods.find((row) => row.id === period.id)?.paidCount).toBeGreaterThanOrEqual(1);
  });

  it('renders the statement PDF with the company header, loads, totals and year to date', async () => {
    const company = tenants.companyA;
    const treasury = await as('treasury');
    const driverId = await driverWithProfile(company, '0.65');
    await treasury.settlements.createDeduction({
      driverId,
      kind: 'escrow',
      description: 'Escrow',
      amount: '100',
      total: '1500',
      startsOn: '2026-01-01',
    });
    await deliveredLoad(company, driverId, '2026-11-19T15:00:00Z');
    const period = await treasury.settlements.openPeriod({ startsOn: WEEK });
    const id = (await treasury.settlements.listSettlements({ periodId: period.id })).find((row) => row.driverId === driverId)?.id as string;
    const detail = await treasury.settlements.getSettlement({ id });
    expect(detail).toMatchObject({
      gross: '520.00',
      deductions: '-100.00',
      net: '420.00',
      escrowBalance: '100.00',
      ytdGross: '520.00',
      ytdNet: '420.00',
    });
    const pdf = await treasury.settlements.statementPdf({ id });
    expect(pdf.fileName).toMatch(/^statement-2026-11-16-pay-driver-.*\.pdf$/);
    const bytes = Buffer.from(pdf.contentBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    for (const words of [company.name, 'PAY STATEMENT', 'Dallas, TX to Atlanta, GA', 'Escrow held', 'Year to date', '$520.00', '$420.00']) {
      expect(text).toContain(words);
    }
  });

  it('shows a driver only their own statements, and a carrier user only their owner-operators’', async () => {
    const company = tenants.companyA;
    const treasury = await as('treasury');
    const ownId = await linkDriverAccount(tenants.services, company);
    await treasury.settlements.setProfile({
      driverId: ownId,
      effectiveFrom: '2026-01-01',
      driverType: 'company',
      payBasis: 'flat',
      rate: '300',
    });
    const otherDriver = await driverWithProfile(company, '0.70');
    const carrierId = await createCarrier(tenants.services.db, company.users.admin);
    const ownerOperator = await driverWithProfile(company, '25', { driverType: 'owner_operator', carrierId, payBasis: 'rate_percent' });
    for (const driver of [ownId, otherDriver, ownerOperator]) await deliveredLoad(company, driver, '2026-11-18T15:00:00Z');
    const period = await treasury.settlements.openPeriod({ startsOn: WEEK });
    const summaries = await treasury.settlements.listSettlements({ periodId: period.id });
    const idOf = (driverId: string) => summaries.find((row) => row.driverId === driverId)?.id as string;
    expect(summaries.find((row) => row.driverId === ownerOperator)).toMatchObject({ driverType: 'owner_operator', gross: '500.00' });

    // Nothing before approval.
    const driver = await as('driver');
    expect((await driver.portal.statements()).some((row) => row.id === idOf(ownId))).toBe(false);
    for (const driverId of [ownId, otherDriver, ownerOperator]) await treasury.settlements.approve({ id: idOf(driverId) });
    // The driver account is notified of its own approval.
    const notification = await tenants.owner
      .selectFrom('notifications')
      .select(['kind', 'link'])
      .where('userId', '=', company.users.driver.userId)
      .where('entityId', '=', idOf(ownId))
      .executeTakeFirst();
    expect(notification).toMatchObject({ kind: 'settlement_approved', link: '/driver-portal' });

    const own = await driver.portal.statements();
    expect(own.map((row) => row.id)).toContain(idOf(ownId));
    expect(own.map((row) => row.id)).not.toContain(idOf(otherDriver));
    expect(own.map((row) => row.id)).not.toContain(idOf(ownerOperator));
    const pdf = await driver.portal.statementPdf({ id: idOf(ownId) });
    expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await settle(driver.portal.statementPdf({ id: idOf(otherDriver) })))?.code).toBe('NOT_FOUND');
    expect((await driver.portal.driver()).stats.settledPay).toBe('300.00');

    // A carrier's user: the carrier's owner-operators only.
    const carrierUser = await createMember(tenants.services, company.companyId, { role: null });
    await linkCarrierUser(tenants.services, company, carrierId, carrierUser.userId);
    const carrier = await callerFor(tenants.services, carrierUser, '10.9.8.7');
    const theirs = await carrier.portal.statements();
    expect(theirs.map((row) => row.id)).toEqual([idOf(ownerOperator)]);
    expect(theirs[0]).toMatchObject({ gross: '500.00', status: 'approved' });
    expect((await settle(carrier.portal.statementPdf({ id: idOf(ownId) })))?.code).toBe('NOT_FOUND');
    // Staff with no portal link read none through the portal.
    expect(await (await as('dispatcher')).portal.statements()).toEqual([]);
  });

  it('refuses dispatchers and sales, and hides another company’s pay', async () => {
    const treasury = await as('treasury');
    const driverId = await driverWithProfile(tenants.companyA, '0.50');
    await deliveredLoad(tenants.companyA, driverId, '2026-11-18T15:00:00Z');
    const period = await treasury.settlements.openPeriod({ startsOn: WEEK });
    const id = (await treasury.settlements.listSettlements({ periodId: period.id })).find((row) => row.driverId === driverId)?.id as string;
    for (const persona of ['dispatcher', 'sales', 'driver'] as const) {
      const caller = await as(persona);
      expect((await settle(caller.settlements.getSettlement({ id })))?.code).toBe('FORBIDDEN');
      expect((await settle(caller.settlements.listProfiles({})))?.code).toBe('FORBIDDEN');
    }
    const foreign = await as('treasury', tenants.companyB);
    expect((await settle(foreign.settlements.getSettlement({ id })))?.code).toBe('NOT_FOUND');
    expect((await foreign.settlements.listPeriods()).some((row) => row.id === period.id)).toBe(false);
    expect((await foreign.settlements.listProfiles({})).some((row) => row.driverId === driverId)).toBe(false);
    expect(
      (
        await settle(
          foreign.settlements.setProfile({ driverId, effectiveFrom: '2026-01-01', driverType: 'company', payBasis: 'flat', rate: '1' }),
        )
      )?.code,
    ).toBe('NOT_FOUND');
  });

  it('lets a dispatcher read and correct a load’s miles (no money), and sales none; another company’s load is not found', async () => {
    const driverId = await driverWithProfile(tenants.companyA, '0.50');
    const first = await deliveredLoad(tenants.companyA, driverId, '2026-11-17T15:00:00Z', { distance: '100' });
    const loadId = await deliveredLoad(tenants.companyA, driverId, '2026-11-19T15:00:00Z', { distance: '100' });
    expect(first).not.toBe(loadId);
    const dispatcher = await as('dispatcher');
    // The empty run from the previous delivery is an estimate until someone enters it.
    expect(await dispatcher.settlements.loadMiles({ loadId })).toMatchObject({
      loadedMiles: '100.00',
      loadedEstimated: false,
      emptyEstimated: true,
    });
    expect(await dispatcher.settlements.setLoadMiles({ loadId, emptyMiles: '42' })).toMatchObject({
      emptyMiles: '42.00',
      emptyEstimated: false,
    });
    expect(await dispatcher.settlements.setLoadMiles({ loadId, emptyMiles: null })).toMatchObject({ emptyEstimated: true });
    const bad = await settle(dispatcher.settlements.setLoadMiles({ loadId, loadedMiles: '-5' }));
    expect(userFacingError(refused(bad), 'settlements.setLoadMiles').data.field).toBe('loadedMiles');
    expect((await settle((await as('sales')).settlements.loadMiles({ loadId })))?.code).toBe('FORBIDDEN');
    const foreign = await as('dispatcher', tenants.companyB);
    expect((await settle(foreign.settlements.loadMiles({ loadId })))?.code).toBe('NOT_FOUND');
    expect((await settle(foreign.settlements.setLoadMiles({ loadId, loadedMiles: '1' })))?.code).toBe('NOT_FOUND');
  });

  it('keeps effective-dated versions, deductions with balances, miles corrections and reports', async () => {
    const company = tenants.companyA;
    const treasury = await as('treasury');
    const driverId = await driverWithProfile(company, '0.50');
    await treasury.settlements.setProfile({
      driverId,
      effectiveFrom: '2026-11-19',
      driverType: 'company',
      payBasis: 'loaded_mile',
      rate: '0.60',
    });
    const versions = await treasury.settlements.listProfiles({ driverId });
    expect(versions.map((row) => [row.effectiveFrom, row.rate])).toEqual([
      ['2026-11-19', '0.60'],
      ['2026-01-01', '0.50'],
    ]);
    const missingCarrier = await settle(
      treasury.settlements.setProfile({ driverId, effectiveFrom: '2026-12-01', driverType: 'owner_operator', payBasis: 'flat', rate: '1' }),
    );
    expect(userFacingError(refused(missingCarrier), 'settlements.setProfile').data.field).toBe('carrierId');

    const advance = await treasury.settlements.createDeduction({
      driverId,
      kind: 'advance',
      description: 'Cash advance',
      amount: '150',
      total: '400',
      startsOn: '2026-11-01',
    });
    expect(advance).toMatchObject({ total: '400.00', balance: '400.00', amount: '150.00' });
    const noTotal = await settle(
      treasury.settlements.createDeduction({ driverId, kind: 'escrow', description: 'Escrow', amount: '100', startsOn: '2026-11-01' }),
    );
    expect(userFacingError(refused(noTotal), 'settlements.createDeduction').data.field).toBe('total');

    // Mid-week change: Tuesday's load at 0.50, Friday's at 0.60.
    const tuesday = await deliveredLoad(company, driverId, '2026-11-17T15:00:00Z', { distance: '100' });
    const friday = await deliveredLoad(company, driverId, '2026-11-20T15:00:00Z', { distance: '100' });
    // Friday's empty miles run from Tuesday's delivery (Atlanta) to its pickup (Dallas): an estimate until corrected.
    expect(await treasury.settlements.setLoadMiles({ loadId: friday })).toMatchObject({
      loadedMiles: '100.00',
      loadedEstimated: false,
      emptyEstimated: true,
    });
    // A correction of Tuesday's miles before opening.
    const miles = await treasury.settlements.setLoadMiles({ loadId: tuesday, loadedMiles: '120' });
    expect(miles).toMatchObject({ loadedMiles: '120.00', loadedEstimated: false });
    const period = await treasury.settlements.openPeriod({ startsOn: WEEK });
    const id = (await treasury.settlements.listSettlements({ periodId: period.id })).find((row) => row.driverId === driverId)?.id as string;
    expect(await treasury.settlements.getSettlement({ id })).toMatchObject({ gross: '120.00', deductions: '-150.00', net: '-30.00' });
    await treasury.settlements.approve({ id });
    expect((await treasury.settlements.listDeductions({ driverId })).find((row) => row.id === advance.id)?.balance).toBe('250.00');
    const ended = await treasury.settlements.endDeduction({ id: advance.id });
    expect(ended.endedAt).not.toBeNull();
    expect((await settle(treasury.settlements.endDeduction({ id: advance.id })))?.code).toBe('CONFLICT');

    const byPeriod = await treasury.settlements.reportByPeriod({ from: '2026-11-01', to: '2026-11-30' });
    expect(byPeriod.rows.some((row) => row.startsOn === WEEK)).toBe(true);
    const perDriver = await treasury.settlements.reportPerDriver({ from: '2026-11-01', to: '2026-11-30' });
    const mine = perDriver.rows.find((row) => String(row.driver).includes('Pay Driver') && row.gross === '120.00');
    // Miles are loaded and empty: 120 + 100 loaded, and Friday's empty run from Atlanta back to Dallas (estimated).
    const summary = await treasury.settlements.getSettlement({ id });
    expect(mine).toMatchObject({
      loads: 2,
      miles: `${summary.miles}`.includes('.') ? Number(summary.miles).toFixed(2) : `${summary.miles}.00`,
      payPerLoad: '60.00',
    });
    expect(Number(summary.miles)).toBeGreaterThan(220);
    expect(mine?.payPerMile).toBe((120 / Number(summary.miles)).toFixed(3));

    const csv = await treasury.settlements.reportCsv({ report: 'per_driver', from: '2026-11-01', to: '2026-11-30' });
    expect(csv.content.split('\r\n')[0]).toBe('Driver,Loads,Miles,Gross,Deductions,Net,Pay per mile,Pay per load');
    expect((await treasury.settlements.reportYtd({ year: 2026 })).columns.map((column) => column.key)).toContain('net');
    expect((await treasury.settlements.report1099({ year: 2026 })).columns[0]?.label).toBe('Owner-operator');
    const noYear = await settle(treasury.settlements.reportCsv({ report: 'ytd' }));
    expect(userFacingError(refused(noYear), 'settlements.reportCsv').data.field).toBe('year');
    const defaults = await treasury.settlements.periodDefaults();
    expect(defaults.weekStartsOn).toBe(1);
  });

  it('tells the live channels: treasury of every change, the driver of their approved one, dispatchers nothing', async () => {
    const company = tenants.companyA;
    const treasury = await as('treasury');
    const ownId = await linkDriverAccount(tenants.services, company);
    await treasury.settlements.setProfile({
      driverId: ownId,
      effectiveFrom: '2026-01-01',
      driverType: 'company',
      payBasis: 'flat',
      rate: '300',
    });
    await deliveredLoad(company, ownId, '2026-11-18T15:00:00Z');
    const { app, origin, wsUrl } = await listen(tenants.services);
    closeApp = () => app.close();
    const tabOf = async (persona: 'treasury' | 'driver' | 'dispatcher') =>
      openLiveTab({ wsUrl, origin }, await sessionFor(tenants.services, company.users[persona]));
    const [treasuryTab, driverTab, dispatcherTab] = await Promise.all([tabOf('treasury'), tabOf('driver'), tabOf('dispatcher')]);
    try {
      const period = await treasury.settlements.openPeriod({ startsOn: WEEK });
      const id = (await treasury.settlements.listSettlements({ periodId: period.id })).find((row) => row.driverId === ownId)?.id as string;
      await treasury.settlements.approve({ id });
      const heard = (tab: typeof treasuryTab) => tab.changes().filter((change) => change.table === 'settlements' && change.id === id);
      await expect.poll(() => heard(driverTab).map((change) => change.status)).toContain('approved');
      await expect.poll(() => heard(treasuryTab).length).toBeGreaterThan(0);
      await dispatcherTab.sync();
      expect(heard(dispatcherTab)).toEqual([]);
      // The driver never hears of the draft.
      expect(heard(driverTab).every((change) => change.status === 'approved')).toBe(true);
    } finally {
      for (const tab of [treasuryTab, driverTab, dispatcherTab]) tab.close();
    }
  });
});

describe('bad input', () => {
  it('never answers INTERNAL_SERVER_ERROR, and writes nothing partial (fast-check over every write and report)', async () => {
    const treasury = await as('treasury');
    const driverId = await driverWithProfile(tenants.companyA, '0.50');
    await deliveredLoad(tenants.companyA, driverId, '2026-11-18T15:00:00Z');
    const period = await treasury.settlements.openPeriod({ startsOn: WEEK });
    const settlementId = (await treasury.settlements.listSettlements({ periodId: period.id })).find((row) => row.driverId === driverId)
      ?.id as string;
    const lineId = (await treasury.settlements.getSettlement({ id: settlementId })).lines[0]?.id as string;
    const value = fc.oneof(
      fc.constantFrom('', ' ', '-1', '0', '1e3', '12345678901234', '0.123456789', '99999999.9999', 'NaN', '2026-02-30', '2026-11-17', WEEK),
      fc.constantFrom(driverId, settlementId, lineId, period.id, randomUUID(), 'not-a-uuid'),
      fc.string({ maxLength: 30 }).map((text) => text.replaceAll('\u0000', '')),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.anything(),
    );
    const input = fc.dictionary(
      fc.constantFrom(
        'id',
        'driverId',
        'settlementId',
        'periodId',
        'loadId',
        'kind',
        'description',
        'amount',
        'total',
        'rate',
        'quantity',
        'unitRate',
        'reason',
        'startsOn',
        'effectiveFrom',
        'driverType',
        'payBasis',
        'carrierId',
        'paidOn',
        'method',
        'from',
        'to',
        'year',
        'report',
        'loadedMiles',
        'emptyMiles',
      ),
      value,
      { maxKeys: 8 },
    );
    const procedures = [
      'setProfile',
      'createDeduction',
      'endDeduction',
      'openPeriod',
      'refreshPeriod',
      'updateLine',
      'addLine',
      'removeLine',
      'approve',
      'markPaid',
      'setLoadMiles',
      'reportByPeriod',
      'reportPerDriver',
      'reportYtd',
      'report1099',
      'reportCsv',
      'getSettlement',
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...procedures), input, async (name, args) => {
        const call = (treasury.settlements[name] as (input: unknown) => Promise<unknown>)(args);
        const error = await settle(call);
        expect(error?.code).not.toBe('INTERNAL_SERVER_ERROR');
      }),
      { numRuns: 150 },
    );
  });
});

describe('the demo workspace', () => {
  it('has pay profiles, deductions of every kind, two paid weeks and one open week', async () => {
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    const owner = tenants.owner;
    const company = await owner
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.userId')
      .select('profiles.companyId')
      .where('users.email', '=', 'driver@summit.demo')
      .executeTakeFirstOrThrow();
    const periods = await owner
      .selectFrom('settlementPeriods as p')
      .select(['p.id', 'p.startsOn'])
      .where('p.companyId', '=', company.companyId)
      .orderBy('p.startsOn')
      .execute();
    expect(periods).toHaveLength(3);
    const statuses = await owner
      .selectFrom('settlements')
      .select(['periodId', 'status', 'driverType'])
      .where('companyId', '=', company.companyId)
      .execute();
    const [first, second, open] = periods.map((period) => statuses.filter((row) => row.periodId === period.id));
    expect(first?.length).toBeGreaterThan(0);
    expect(first?.every((row) => row.status === 'paid')).toBe(true);
    expect(second?.every((row) => row.status === 'paid')).toBe(true);
    expect(open?.every((row) => row.status === 'draft')).toBe(true);
    expect(statuses.some((row) => row.driverType === 'owner_operator')).toBe(true);
    const profiles = await owner
      .selectFrom('payProfiles')
      .select('payBasis')
      .distinct()
      .where('companyId', '=', company.companyId)
      .execute();
    expect(profiles.length).toBeGreaterThanOrEqual(3);
    const kinds = await owner.selectFrom('driverDeductions').select('kind').distinct().where('companyId', '=', company.companyId).execute();
    expect(kinds.map((row) => row.kind).sort()).toEqual(['advance', 'escrow', 'one_off', 'recurring']);
    // Every demo driver with a delivery has a profile: no week shows a load at $0.00 for want of one.
    const unpaid = await owner
      .selectFrom('settlementLines')
      .select('description')
      .where('companyId', '=', company.companyId)
      .where('kind', '=', 'load_pay')
      .where('amount', '=', '0')
      .execute();
    expect(unpaid).toEqual([]);
  });
});

let closeApp: (() => Promise<unknown>) | undefined;
afterAll(async () => {
  await closeApp?.();
});

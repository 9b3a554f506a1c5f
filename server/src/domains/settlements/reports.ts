import { sql } from 'kysely';
import type { SettlementReport, SettlementReportOutput } from '#shared/schemas/settlements.js';
import { AppError } from '../../errors.js';
import type { Db } from './settlements.repository.js';

/**
 * The settlement reports (docs/settlements.md, "Reports"): sums in SQL's numeric (exact), never a
 * float; approved and paid settlements only (a draft is not pay yet), except the period report,
 * which shows each week's drafts too.
 */

type Row = Record<string, string | number | null>;

const SETTLED = sql`s.status in ('approved', 'paid')`;
const LINE_SUMS = sql`
  coalesce(sum(l.amount) filter (where l.amount > 0), 0)::numeric(14, 2)::text as gross,
  coalesce(sum(l.amount) filter (where l.amount < 0), 0)::numeric(14, 2)::text as deductions,
  coalesce(sum(l.amount), 0)::numeric(14, 2)::text as net`;

export async function reportByPeriod(db: Db, companyId: string, from: string, to: string): Promise<SettlementReportOutput> {
  const { rows } = await sql<Row>`
    select p.starts_on::text as "startsOn", p.ends_on::text as "endsOn",
      count(distinct s.id)::int as settlements,
      count(distinct s.id) filter (where s.status = 'approved')::int as approved,
      count(distinct s.id) filter (where s.status = 'paid')::int as paid,
      ${LINE_SUMS}
    from settlement_periods p
    left join settlements s on s.company_id = p.company_id and s.period_id = p.id
    left join settlement_lines l on l.company_id = s.company_id and l.settlement_id = s.id
    where p.company_id = ${companyId} and p.starts_on between ${from}::date and ${to}::date
    group by p.id order by p.starts_on desc`.execute(db);
  return {
    columns: [
      { key: 'startsOn', label: 'Period start' },
      { key: 'endsOn', label: 'Period end' },
      { key: 'settlements', label: 'Settlements' },
      { key: 'approved', label: 'Approved' },
      { key: 'paid', label: 'Paid' },
      { key: 'gross', label: 'Gross' },
      { key: 'deductions', label: 'Deductions' },
      { key: 'net', label: 'Net' },
    ],
    rows,
  };
}

export async function reportPerDriver(db: Db, companyId: string, from: string, to: string): Promise<SettlementReportOutput> {
  const { rows } = await sql<Row>`
    with per_driver as (
      select s.driver_id,
        count(distinct l.load_id) filter (where l.kind = 'load_pay')::int as loads,
        coalesce(sum(l.miles) filter (where l.kind = 'load_pay'), 0) as miles,
        coalesce(sum(l.amount) filter (where l.kind in ('load_pay', 'extra_pay')), 0) as load_pay,
        ${LINE_SUMS}
      from settlements s
      join settlement_periods p on p.company_id = s.company_id and p.id = s.period_id
      left join settlement_lines l on l.company_id = s.company_id and l.settlement_id = s.id
      where s.company_id = ${companyId} and ${SETTLED} and p.starts_on between ${from}::date and ${to}::date
      group by s.driver_id)
    select trim(d.first_name || ' ' || d.last_name) as driver, x.loads, x.miles::numeric(14, 2)::text as miles,
      x.gross, x.deductions, x.net,
      case when x.miles > 0 then round(x.load_pay / x.miles, 3)::text end as "payPerMile",
      case when x.loads > 0 then round(x.load_pay / x.loads, 2)::text end as "payPerLoad"
    from per_driver x join drivers d on d.company_id = ${companyId} and d.id = x.driver_id
    order by d.last_name, d.first_name, d.id`.execute(db);
  return {
    columns: [
      { key: 'driver', label: 'Driver' },
      { key: 'loads', label: 'Loads' },
      { key: 'miles', label: 'Miles' },
      { key: 'gross', label: 'Gross' },
      { key: 'deductions', label: 'Deductions' },
      { key: 'net', label: 'Net' },
      { key: 'payPerMile', label: 'Pay per mile' },
      { key: 'payPerLoad', label: 'Pay per load' },
    ],
    rows,
  };
}

export async function reportYtd(db: Db, companyId: string, year: number): Promise<SettlementReportOutput> {
  const { rows } = await sql<Row>`
    select trim(d.first_name || ' ' || d.last_name) as driver,
      min(s.driver_type) as "driverType",
      count(distinct s.id)::int as settlements,
      ${LINE_SUMS}
    from settlements s
    join settlement_periods p on p.company_id = s.company_id and p.id = s.period_id
    join drivers d on d.company_id = s.company_id and d.id = s.driver_id
    left join settlement_lines l on l.company_id = s.company_id and l.settlement_id = s.id
    where s.company_id = ${companyId} and ${SETTLED} and extract(year from p.starts_on) = ${year}
    group by d.id order by d.last_name, d.first_name, d.id`.execute(db);
  return {
    columns: [
      { key: 'driver', label: 'Driver' },
      { key: 'driverType', label: 'Type' },
      { key: 'settlements', label: 'Settlements' },
      { key: 'gross', label: 'Gross YTD' },
      { key: 'deductions', label: 'Deductions YTD' },
      { key: 'net', label: 'Net YTD' },
    ],
    rows,
  };
}

/** The 1099 worksheet: what owner-operators were paid in the year (settlements paid in it), per driver and carrier. */
export async function report1099(db: Db, companyId: string, year: number): Promise<SettlementReportOutput> {
  const { rows } = await sql<Row>`
    select trim(d.first_name || ' ' || d.last_name) as driver, c.name as carrier,
      c.mc_number as "mcNumber", c.dot_number as "dotNumber",
      count(distinct s.id)::int as settlements,
      ${LINE_SUMS}
    from settlements s
    join drivers d on d.company_id = s.company_id and d.id = s.driver_id
    left join carriers c on c.company_id = s.company_id and c.id = s.carrier_id
    left join settlement_lines l on l.company_id = s.company_id and l.settlement_id = s.id
    where s.company_id = ${companyId} and s.driver_type = 'owner_operator' and s.status = 'paid'
      and extract(year from s.paid_on) = ${year}
    group by d.id, c.id order by c.name nulls last, d.last_name, d.first_name, d.id`.execute(db);
  return {
    columns: [
      { key: 'driver', label: 'Owner-operator' },
      { key: 'carrier', label: 'Carrier' },
      { key: 'mcNumber', label: 'MC#' },
      { key: 'dotNumber', label: 'USDOT#' },
      { key: 'settlements', label: 'Settlements paid' },
      { key: 'gross', label: 'Gross paid' },
      { key: 'deductions', label: 'Deductions' },
      { key: 'net', label: 'Net paid' },
    ],
    rows,
  };
}

const csvCell = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  // A leading = + - @ would be a formula to a spreadsheet: quoted with a ' in front (numbers are safe).
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv(report: SettlementReportOutput): string {
  const lines = [report.columns.map((column) => csvCell(column.label)).join(',')];
  for (const row of report.rows) lines.push(report.columns.map((column) => csvCell(row[column.key] ?? null)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export async function reportCsv(
  db: Db,
  companyId: string,
  input: { report: SettlementReport; from?: string | undefined; to?: string | undefined; year?: number | undefined },
): Promise<{ fileName: string; content: string }> {
  const range = () => {
    if (!input.from) throw new AppError('BAD_REQUEST', 'From must be a valid date', { field: 'from' });
    if (!input.to) throw new AppError('BAD_REQUEST', 'To must be a valid date', { field: 'to' });
    if (input.from > input.to) throw new AppError('BAD_REQUEST', 'To must be on or after From', { field: 'to' });
    return [input.from, input.to] as const;
  };
  const year = () => {
    if (input.year === undefined) throw new AppError('BAD_REQUEST', 'Year must be a number', { field: 'year' });
    return input.year;
  };
  switch (input.report) {
    case 'by_period': {
      const [from, to] = range();
      return { fileName: `settlements-by-period-${from}-${to}.csv`, content: toCsv(await reportByPeriod(db, companyId, from, to)) };
    }
    case 'per_driver': {
      const [from, to] = range();
      return { fileName: `settlements-per-driver-${from}-${to}.csv`, content: toCsv(await reportPerDriver(db, companyId, from, to)) };
    }
    case 'ytd': {
      const value = year();
      return { fileName: `settlements-ytd-${value}.csv`, content: toCsv(await reportYtd(db, companyId, value)) };
    }
    case '1099': {
      const value = year();
      return { fileName: `1099-worksheet-${value}.csv`, content: toCsv(await report1099(db, companyId, value)) };
    }
  }
}

// What validating a procedure's answer against its output schema costs (issue 23 item 5, issue 25):
// loads.list's schema on a full default page (50 rows) and loads.get's on one load, each measured
// two ways, alternating round by round in one process so a change in the machine's load weighs
// on both sides alike:
// - a tRPC procedure called through createCaller without `.output()`, with `.output(schema)` (tRPC
//   then runs zod's parseAsync) and with `.output(wireOutput(schema))` (a function validator running
//   zod's synchronous parse: what loads.list and loads.get use, server/src/trpc/output.ts);
// - the schema's parseAsync and parse alone.
// Prints µs per call, and the time and ratio each side adds over the call without output
// validation. Run: `tsx bench/output-validation.ts` (no database needed).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { initTRPC } from '@trpc/server';
import { PAGE_SIZE } from '../shared/src/schemas/pagination.js';
import { loadDetail, loadListOutput, type LoadDetail, type LoadListItem } from '../shared/src/schemas/loads.js';
import { wireOutput } from '../server/src/trpc/output.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CALLS = Number(process.env.BENCH_CALLS ?? 4_000);

/** A list row as the database hands it over: every field filled as a real load's would be. */
function listItem(index: number): LoadListItem {
  return {
    id: randomUUID(),
    companyId: randomUUID(),
    loadNumber: `LD-${String(100_000 + index)}`,
    pickupCity: 'Springfield',
    pickupState: 'IL',
    pickupDate: '2026-11-20',
    deliveryCity: 'Columbus',
    deliveryState: 'OH',
    deliveryDate: '2026-11-22',
    commodity: index % 3 === 0 ? null : 'Frozen goods',
    status: 'in_transit',
    rate: '2450.00',
    driverName: 'Dana Driver',
    brokerName: index % 2 === 0 ? 'Acme Brokerage' : null,
    carrierName: null,
    createdAt: '2026-11-19T10:11:12.000Z',
    driverId: randomUUID(),
    brokerId: index % 2 === 0 ? randomUUID() : null,
    carrierId: null,
    dispatcherId: randomUUID(),
    dispatcherName: 'Dee Dispatcher',
    equipmentType: 'reefer',
    temperature: '34.0',
    truckId: null,
    truckUnit: null,
    extraStops: index % 6 === 0 ? 1 : 0,
    distance: '480.50',
    ratePerMile: '5.10',
    flag: index % 7 === 0 ? 'late' : null,
  };
}

function detail(): LoadDetail {
  return {
    ...listItem(1),
    referenceNumber: 'PO-7781',
    pickupLocation: '100 Main St, Springfield, IL',
    pickupNotes: null,
    deliveryLocation: '9 High St, Columbus, OH',
    deliveryNotes: 'Dock 4',
    weight: '42000.00',
    distance: '480.50',
    driverId: randomUUID(),
    brokerId: randomUUID(),
    carrierId: null,
    trailerId: null,
    trailerUnit: null,
    createdBy: randomUUID(),
    salesUserId: null,
    salesPercentage: null,
    factoring: false,
    notes: null,
    statusUpdatedAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    lineHaul: '2450.00',
    equipmentType: 'dry_van',
    temperature: null,
    stops: [],
    accessorials: [],
  };
}

const page = { items: Array.from({ length: PAGE_SIZE.default }, (_, index) => listItem(index)), nextCursor: 'abc' };
const one = detail();

const t = initTRPC.create();
const router = t.router({
  listPlain: t.procedure.query(() => page),
  listSchema: t.procedure.output(loadListOutput).query(() => page),
  listWire: t.procedure.output(wireOutput(loadListOutput)).query(() => page),
  getPlain: t.procedure.query(() => one),
  getSchema: t.procedure.output(loadDetail).query(() => one),
  getWire: t.procedure.output(wireOutput(loadDetail)).query(() => one),
});
const caller = t.createCallerFactory(router)({});

/** µs per call of `run`, CALLS calls in sequence (each awaited, as a request awaits its procedure). */
async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < CALLS; index += 1) await run();
  return ((performance.now() - started) * 1000) / CALLS;
}

interface Case {
  name: string;
  sides: { name: string; run: () => Promise<unknown>; alone?: true }[];
}

const cases: Case[] = [
  {
    name: `loads.list page (${PAGE_SIZE.default} rows)`,
    sides: [
      { name: 'no output validation', run: () => caller.listPlain() },
      { name: '.output(schema) (tRPC: parseAsync)', run: () => caller.listSchema() },
      { name: '.output(wireOutput(schema)) (parse)', run: () => caller.listWire() },
      { name: 'schema.parseAsync alone', run: () => loadListOutput.parseAsync(page), alone: true },
      { name: 'schema.parse alone', run: async () => loadListOutput.parse(page), alone: true },
    ],
  },
  {
    name: 'loads.get (one load)',
    sides: [
      { name: 'no output validation', run: () => caller.getPlain() },
      { name: '.output(schema) (tRPC: parseAsync)', run: () => caller.getSchema() },
      { name: '.output(wireOutput(schema)) (parse)', run: () => caller.getWire() },
      { name: 'schema.parseAsync alone', run: () => loadDetail.parseAsync(one), alone: true },
      { name: 'schema.parse alone', run: async () => loadDetail.parse(one), alone: true },
    ],
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

// Warm-up: every path compiled and its shapes settled before anything is counted.
for (const { sides } of cases) for (const side of sides) await time(side.run);

console.log(`output validation: ${ROUNDS} rounds of ${CALLS} calls per side, medians (node ${process.version})`);
for (const { name, sides } of cases) {
  const samples = sides.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    // The order turned each round, so a change in the machine's load weighs on every side alike.
    const order = sides.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) samples[index]?.push(await time((sides[index] as Case['sides'][number]).run));
  }
  const base = median(samples[0] as number[]);
  console.log(`\n${name}`);
  sides.forEach((side, index) => {
    const us = median(samples[index] as number[]);
    const added = index === 0 || side.alone ? '' : `  +${(us - base).toFixed(2).padStart(6)} µs over none  ${(us / base).toFixed(2)}x`;
    console.log(`  ${side.name.padEnd(38)} ${us.toFixed(2).padStart(7)} µs/call${added}`);
  });
}

// `tsx bench/fanout.ts`: realtime fan-out (issue 16's fan-out row; issue 9's load half).
// A fresh embedded PostgreSQL and the real server (buildApp, listening on 127.0.0.1), 100
// companies. For N = 1,000 and N = 10,000, N WebSocket subscribers of the live channel
// (realtime.changes, real sessions of 10 dispatchers, 10 sockets a session) in the company whose load changes,
// plus 5 in each of the 99 others (who must hear nothing); then, side by side in the same run:
//   - ours: loads.changeStatus through a tRPC caller as a dispatcher; the change travels
//     trigger -> NOTIFY -> the bus -> the live hub (batch, authorize per group, one buffer) -> sockets;
//   - bare: the same mutation, then one frame broadcast by a plain `ws` server to N clients
//     (JSON.stringify once, send to each): the floor; printed too (and in the row's note), the
//     same floor sending the very bytes ours' frame to a dispatcher had (tRPC's envelope, the
//     load's change and their notification), to tell the frame's size from our machinery;
//   - per-subscriber query: the same mutation, then for every subscriber of the server one
//     authorization SELECT as that subscriber (a tenant transaction, row-level security on:
//     the way Supabase Realtime checks each subscriber), and a frame to those allowed.
// Latency is from the mutation's request to each delivery, every delivery counted. The clients
// run in a child process of their own (this file with FANOUT_CLIENT=1), so the server's event
// loop is not the clients', and 10,000 sockets a side stay within the open-file limit.
// Sockets open OPENING at a time (each opening reads its session unless another socket of the
// same session just did), a failed one is retried up to OPEN_ATTEMPTS times; how many opened,
// and why the others did not, is printed, and no ratio is reported unless every one opened.
// Where the time goes is printed per side (medians over the changes, from the request): the
// mutation's answer, the notice on the bus, the hub's batch start and its last write, and the
// first, median and last delivery. BENCH_FANOUT_PROFILE=1 writes a CPU profile of the server
// process while ours is measured (the largest size) to .data/profiles/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import type { BenchRow } from './results.js';

const SIZES = (process.env.BENCH_FANOUT_SIZES ?? '1000,10000').split(',').map(Number);
const COMPANIES = 100;
const BYSTANDERS_PER_COMPANY = 5;
const SOCKETS_PER_SESSION = 10;
/** Changes measured per side: p99 over 30 changes (30,000 deliveries at 1,000) is not one slow change's tail. */
const EVENTS = Number(process.env.BENCH_FANOUT_EVENTS ?? 30);
/** The receivers are this many dispatchers with many sessions each: a status change notifies each of them (a notification row), as it would a company's staff. */
const RECEIVER_USERS = 10;
const PER_SUBSCRIBER_EVENTS = 5;
const PAUSE_MS = 300;
/** Sockets opening at the same time, and how many times one that failed is tried. */
const OPENING = Number(process.env.BENCH_FANOUT_OPENING ?? 250);
const OPEN_ATTEMPTS = 3;
const APP_PASSWORD = 'haulwise-bench-app';
const epoch = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------
// The clients' process.

interface OpenCommand {
  type: 'open';
  url: string;
  origin: string;
  /** One cookie per socket (null for the bare server), and whether the socket should hear the changes. */
  sockets: { cookie: string | null; receiver: boolean }[];
  subscribe: boolean;
}
type ParentMessage = OpenCommand | { type: 'expect'; marker: string; count: number } | { type: 'close' };
type ChildMessage =
  | { type: 'opened'; count: number; failed: number; receivers: number; retried: number; reasons: Record<string, number> }
  | { type: 'expecting' }
  | { type: 'received'; marker: string; times: number[]; bystanders: number; sample: string }
  | { type: 'closed' };

function clientMain(): void {
  let sockets: { socket: WebSocket; receiver: boolean }[] = [];
  let marker = '';
  let expected = 0;
  let times: number[] = [];
  let bystanders = 0;
  /** The first frame a receiver got for the change (the bare floor can send the very same bytes). */
  let sample = '';
  let reported = true;
  /** The deadline of the change being awaited (each change's own: an earlier one must not cut a later one short). */
  let deadline: NodeJS.Timeout | null = null;
  const send = (message: ChildMessage) => process.send?.(message);
  const report = () => {
    if (reported) return;
    reported = true;
    send({ type: 'received', marker, times, bystanders, sample });
  };
  const onFrame = (receiver: boolean) => (data: WebSocket.RawData) => {
    const at = epoch();
    const text = data.toString();
    // Every client reads its frame as the app's client would (JSON), whichever server sent it.
    try {
      JSON.parse(text);
    } catch {
      return;
    }
    if (!marker || !text.includes(marker)) return;
    if (!receiver) bystanders += 1;
    else times.push(at);
    if (receiver && !sample) sample = text;
    if (times.length >= expected) report();
  };
  /** Opens one socket (and its channel): null once it listens, else why not. */
  const openOne = (message: OpenCommand, receiver: boolean, cookie: string | null) =>
    new Promise<string | null>((resolve) => {
      const socket = new WebSocket(message.url, { headers: { origin: message.origin, ...(cookie ? { cookie } : {}) } });
      let settled = false;
      const done = (failure: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (failure) socket.terminate();
        else sockets.push({ socket, receiver });
        resolve(failure);
      };
      // A channel that does not say it listens within 30 s counts as failed.
      const timer = setTimeout(() => done('no answer within 30 s'), 30_000);
      socket.once('error', (error) => done(`socket error: ${error.message}`));
      socket.once('close', (code, reason) => done(`closed ${code} ${reason.toString()}`.trim()));
      socket.once('open', () => {
        // tRPC's keep-alive: the server sends PING every 30 s and ends a socket that does not answer PONG within 5 s (as its client does).
        socket.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
          if (!isBinary && Buffer.isBuffer(data) && data.length === 4 && data.toString() === 'PING') socket.send('PONG');
        });
        if (!message.subscribe) {
          socket.on('message', onFrame(receiver));
          return done(null);
        }
        socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'realtime.changes' } }));
        const first = (data: WebSocket.RawData) => {
          const text = data.toString();
          if (text.includes('"error"')) return done(`refused: ${text.slice(0, 160)}`);
          if (!text.includes('"active"')) return;
          socket.off('message', first);
          socket.on('message', onFrame(receiver));
          done(null);
        };
        socket.on('message', first);
      });
    });

  /** Every socket, OPENING at a time; those that failed are tried again (after a second) up to OPEN_ATTEMPTS times. */
  const openAll = async (message: OpenCommand) => {
    let waiting = message.sockets;
    let retried = 0;
    let receivers = 0;
    const reasons: Record<string, number> = {};
    for (let attempt = 1; attempt <= OPEN_ATTEMPTS && waiting.length > 0; attempt += 1) {
      if (attempt > 1) {
        retried += waiting.length;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const failed: typeof waiting = [];
      let next = 0;
      const worker = async () => {
        while (next < waiting.length) {
          const spec = waiting[next];
          next += 1;
          if (!spec) continue;
          const failure = await openOne(message, spec.receiver, spec.cookie);
          if (failure === null) {
            if (spec.receiver) receivers += 1;
            continue;
          }
          failed.push(spec);
          const reason = `attempt ${attempt}: ${failure.replace(/[0-9a-f-]{36}/g, '<id>')}`;
          reasons[reason] = (reasons[reason] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(OPENING, waiting.length) }, worker));
      waiting = failed;
    }
    return { count: message.sockets.length - waiting.length, failed: waiting.length, receivers, retried, reasons };
  };

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'open') {
      void openAll(message).then((opened) => send({ type: 'opened', ...opened }));
    } else if (message.type === 'expect') {
      marker = message.marker;
      expected = message.count;
      times = [];
      bystanders = 0;
      sample = '';
      reported = false;
      if (deadline) clearTimeout(deadline);
      deadline = setTimeout(report, 60_000);
      deadline.unref();
      // The change is fired only once this is heard: on a loaded machine a late 'expect' dropped the first deliveries.
      send({ type: 'expecting' });
    } else {
      for (const { socket } of sockets) socket.terminate();
      sockets = [];
      send({ type: 'closed' });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The server's process.

class Clients {
  private readonly waiting: ((message: ChildMessage) => void)[] = [];
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: ChildMessage) => this.waiting.shift()?.(message));
  }
  static start(): Clients {
    const child = spawn('tsx', [import.meta.filename], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, FANOUT_CLIENT: '1' },
    });
    return new Clients(child);
  }
  ask<T extends ChildMessage>(message: ParentMessage): Promise<T> {
    return new Promise((resolve) => {
      this.waiting.push((answer) => resolve(answer as T));
      this.child.send(message);
    });
  }
  /** The child's next message, not asked for (what follows an answer). */
  next<T extends ChildMessage>(): Promise<T> {
    return new Promise((resolve) => this.waiting.push((answer) => resolve(answer as T)));
  }
  stop(): void {
    this.child.kill();
  }
}

interface Stats {
  median: number;
  p95: number;
  p99: number;
  samples: number;
  missing: number;
  bystanders: number;
  /** Where the time went: each mark's median over the changes, in ms from the request. */
  marks: Record<string, number>;
  /** The marks of the change whose last delivery came last (what the p99 is made of). */
  slowest: Record<string, number>;
}

/** Marks of one change (epoch ms), set by its side as they happen; a name starting with # is a count. */
type Marks = Record<string, number>;

async function serverMain(): Promise<void> {
  const { loadConfig } = await import('../server/src/config.js');
  const { startEmbeddedPostgres } = await import('../server/src/db/embedded.js');
  const { createServices } = await import('../server/src/create-services.js');
  const { buildApp } = await import('../server/src/app.js');
  const { startSession } = await import('../server/src/auth/sign-in.js');
  const { withCompany } = await import('../server/src/db/with-company.js');
  const { liveHubOf } = await import('../server/src/domains/realtime/live-lookups.js');
  const { canSkipTriggers, companyName, generateCompany } = await import('../scripts/generate-scale.js');
  const { recordResults } = await import('./results.js');
  const { callerAs, freePort, median, percentile, seconds } = await import('./support.js');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-fanout-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  const owner = new pg.Pool({ connectionString: embedded.url, max: 4 });
  const clients = Clients.start();
  let started: Awaited<ReturnType<typeof createServices>> | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const rows: BenchRow[] = [];
  try {
    const setup = performance.now();
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_DB_PASSWORD: APP_PASSWORD,
      APP_ORIGIN: 'http://localhost',
      HAULWISE_DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '10000000',
      MAX_SESSIONS_PER_USER: '5000',
    });
    started = await createServices(config, embedded.url, {
      poolSize: 20,
      log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
    });
    const services = started.services;
    // The change being measured: its notice on the bus and the hub's batch that carried it.
    let current: { loadId: string; at: number; marks: Marks } | null = null;
    // The live hub, made here with a trace of its batches (options count only when it is made).
    liveHubOf(services, {
      onFlush: (trace) => {
        if (!current || trace.firstNoticeAt < current.at || 'hub batch start' in current.marks) return;
        current.marks['hub batch start'] = trace.startedAt;
        current.marks['hub last write'] = trace.writtenAt;
        current.marks['#notices'] = trace.events;
        current.marks['#frames'] = trace.frames;
        current.marks['#buffers'] = trace.buffers;
        current.marks['#checked first'] = trace.checkedFirst;
      },
    });
    app = await buildApp(services, { logger: false });
    const port = await freePort();
    await app.listen({ host: '127.0.0.1', port });
    const url = `ws://127.0.0.1:${port}/trpc`;

    // 100 companies, each with an admin (the generator) and enough loads for every change a side makes (one load each).
    const companies: { companyId: string; adminId: string }[] = [];
    const client = await owner.connect();
    try {
      const options = { passwordHash: 'not-a-real-hash', skipTriggers: await canSkipTriggers(client) };
      for (let index = 0; index < COMPANIES; index += 1) {
        companies.push(
          await generateCompany(
            client,
            { name: companyName(index), loads: Math.max(20, EVENTS + 1, PER_SUBSCRIBER_EVENTS + 1), drivers: 2, brokers: 1, carriers: 1 },
            options,
          ),
        );
      }
    } finally {
      client.release();
    }
    const target = companies[0];
    if (!target) throw new Error('no company');
    const maxSize = Math.max(...SIZES);
    // Dispatchers of the target company, one session (10 sockets) each; one dispatcher in every other company.
    const makeUsers = async (companyId: string, count: number): Promise<string[]> => {
      const { rows: made } = await owner.query<{ id: string }>(
        `with made as (insert into users (id, email, password_hash, email_verified_at)
                       select gen_random_uuid(), 'fanout-' || gen_random_uuid() || '@bench.example', 'not-a-real-hash', now()
                       from generate_series(1, $2) returning id),
              p as (insert into profiles (user_id, company_id, first_name, last_name) select id, $1, 'Fan', 'Out' from made returning user_id)
         insert into user_roles (user_id, company_id, role) select user_id, $1, 'dispatcher' from p returning user_id as id`,
        [companyId, count],
      );
      return made.map((row) => row.id);
    };
    const cookieOf = async (userId: string) => {
      const cookie = await startSession(services, userId, { ip: '127.0.0.1', userAgent: 'bench' });
      return cookie.split(';')[0] ?? '';
    };
    const receiverUsers = await makeUsers(target.companyId, RECEIVER_USERS);
    const receiverCookies: string[] = [];
    const sessionOwners: string[] = [];
    for (let index = 0; index < Math.ceil(maxSize / SOCKETS_PER_SESSION); index += 1) {
      const userId = receiverUsers[index % RECEIVER_USERS] ?? '';
      receiverCookies.push(await cookieOf(userId));
      sessionOwners.push(userId);
    }
    const bystanderCookies: string[] = [];
    for (const company of companies.slice(1)) bystanderCookies.push(await cookieOf((await makeUsers(company.companyId, 1))[0] ?? ''));
    const { rows: loadRows } = await owner.query<{ id: string; status: string }>(
      'select id, status from loads where company_id = $1 order by id limit $2',
      [target.companyId, Math.max(EVENTS, PER_SUBSCRIBER_EVENTS) + 1],
    );
    const loads = loadRows.map((row) => row.id);
    if (loads.length <= Math.max(EVENTS, PER_SUBSCRIBER_EVENTS))
      throw new Error(`the company has ${loads.length} loads, too few for ${EVENTS} changes`);
    const statusOf = new Map(loadRows.map((row) => [row.id, row.status]));
    const writer = await callerAs(services, (await makeUsers(target.companyId, 1))[0] ?? '');
    await owner.query('analyze');
    console.log(`${COMPANIES} companies, ${receiverCookies.length} receiver sessions, ready (${seconds(setup)}).`);

    // Always a real change of status (each side reuses the loads), so every change notifies the company's dispatchers alike.
    const mutate = async (loadId: string, marks: Marks) => {
      const status = statusOf.get(loadId) === 'in_transit' ? 'assigned' : 'in_transit';
      await writer.loads.changeStatus({ id: loadId, status });
      statusOf.set(loadId, status);
      marks['mutation answered'] = epoch();
    };
    services.bus.onEvent((event) => {
      if (current && event.table === 'loads' && event.id === current.loadId && !('notice on the bus' in current.marks)) {
        current.marks['notice on the bus'] = epoch();
      }
    });
    const stats = (all: number[][], expected: number, bystanders: number, marks: Marks[]): Stats => {
      const flat = all.flat();
      const names = [...new Set(marks.flatMap((mark) => Object.keys(mark)))];
      return {
        median: median(flat),
        p95: percentile(flat, 0.95),
        p99: percentile(flat, 0.99),
        samples: flat.length,
        missing: expected - flat.length,
        bystanders,
        marks: Object.fromEntries(names.map((name) => [name, median(marks.flatMap((mark) => (name in mark ? [mark[name] ?? 0] : [])))])),
        slowest: marks.reduce<Marks>(
          (slowest, mark) => ((mark['last delivery'] ?? 0) > (slowest['last delivery'] ?? -1) ? mark : slowest),
          {},
        ),
      };
    };
    /**
     * Runs `events` changes, each awaited until its `count` deliveries arrived: latencies from the
     * request, per delivery; `fire` sets its side's marks (epoch ms) on the object it is given.
     */
    /** The last frame a receiver got, and the load it was about: ours' frame, for the bare broadcast of the same bytes. */
    let lastFrame = { text: '', marker: '' };
    const measure = async (events: string[], count: number, fire: (loadId: string, marks: Marks) => Promise<void>): Promise<Stats> => {
      const all: number[][] = [];
      const marks: Marks[] = [];
      let bystanders = 0;
      for (const loadId of events) {
        await clients.ask({ type: 'expect', marker: loadId, count });
        const waiting = clients.next<Extract<ChildMessage, { type: 'received' }>>();
        await new Promise((resolve) => setTimeout(resolve, 20));
        const at = epoch();
        const mark: Marks = {};
        current = { loadId, at, marks: mark };
        await fire(loadId, mark);
        const received = await waiting;
        current = null;
        if (received.sample) lastFrame = { text: received.sample, marker: loadId };
        const latencies = received.times.map((time) => time - at);
        all.push(latencies);
        const relative: Marks = Object.fromEntries(
          Object.entries(mark).map(([name, time]) => [name, name.startsWith('#') ? time : time - at]),
        );
        if (latencies.length > 0) {
          const sorted = [...latencies].sort((a, b) => a - b);
          relative['first delivery'] = sorted[0] ?? 0;
          relative['median delivery'] = median(sorted);
          relative['last delivery'] = sorted.at(-1) ?? 0;
        }
        marks.push(relative);
        bystanders += received.bystanders;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      return stats(all, events.length * count, bystanders, marks);
    };

    for (const size of SIZES) {
      const bystanders = BYSTANDERS_PER_COMPANY * (COMPANIES - 1);
      console.log(`\n--- ${size} subscribers of the changing company (+ ${bystanders} in the 99 others)`);

      // Ours.
      const sockets = [
        ...Array.from({ length: size }, (_, index) => ({
          cookie: receiverCookies[Math.floor(index / SOCKETS_PER_SESSION)] ?? '',
          receiver: true,
        })),
        ...bystanderCookies.flatMap((cookie) => Array.from({ length: BYSTANDERS_PER_COMPANY }, () => ({ cookie, receiver: false }))),
      ];
      const opening = performance.now();
      const opened = await clients.ask<Extract<ChildMessage, { type: 'opened' }>>({
        type: 'open',
        url,
        origin: 'http://localhost',
        sockets,
        subscribe: true,
      });
      const openingReport = (side: string, result: Extract<ChildMessage, { type: 'opened' }>, started: number) => {
        console.log(
          `${side}: ${result.count} of ${sockets.length} open (${result.failed} failed for good, ${result.retried} retries) in ${seconds(started)}`,
        );
        for (const [reason, times] of Object.entries(result.reasons)) console.log(`  ${times} x ${reason}`);
      };
      openingReport('ours', opened, opening);
      console.log(`  hub: ${liveHubOf(services).size} channels listening`);
      // One change first, unmeasured: every channel's first session check after opening.
      await measure([loads[EVENTS] ?? ''], opened.receivers, mutate);
      const profiling = process.env.BENCH_FANOUT_PROFILE === '1' && size === maxSize ? new inspector.Session() : null;
      if (profiling) {
        profiling.connect();
        await profiling.post('Profiler.enable');
        await profiling.post('Profiler.start');
      }
      const ours = await measure(loads.slice(0, EVENTS), opened.receivers, mutate);
      const oursFrame = lastFrame;
      if (profiling) {
        const { profile } = await profiling.post('Profiler.stop');
        const profileDir = path.join(import.meta.dirname, '..', '.data', 'profiles');
        mkdirSync(profileDir, { recursive: true });
        const file = path.join(profileDir, `fanout-ours-${size}-${Date.now()}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        profiling.disconnect();
        console.log(`CPU profile of the server process while ours was measured: ${file}`);
      }
      await clients.ask({ type: 'close' });
      await new Promise((resolve) => setTimeout(resolve, 1000));

      // Bare ws, and the per-subscriber query, on a plain ws server with the same clients.
      const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
      await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
      const address = wss.address();
      const bareUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const subscribers: { socket: WebSocket; companyId: string; userId: string }[] = [];
      const companyOfCookie = new Map<string, { companyId: string; userId: string }>();
      receiverCookies.forEach((cookie, index) =>
        companyOfCookie.set(cookie, { companyId: target.companyId, userId: sessionOwners[index] ?? '' }),
      );
      wss.on('connection', (socket, request) => {
        const who = companyOfCookie.get(String(request.headers.cookie)) ?? { companyId: companies[1]?.companyId ?? '', userId: '' };
        subscribers.push({ socket, ...who });
      });
      const bareOpening = performance.now();
      const bareOpened = await clients.ask<Extract<ChildMessage, { type: 'opened' }>>({
        type: 'open',
        url: bareUrl,
        origin: 'http://localhost',
        sockets,
        subscribe: false,
      });
      openingReport('bare', bareOpened, bareOpening);
      const frameFor = (loadId: string) =>
        JSON.stringify({
          type: 'changes',
          changes: [{ table: 'loads', op: 'UPDATE', id: loadId, status: 'x', previousStatus: 'y' }],
          mine: [],
        });
      const broadcast = async (loadId: string, marks: Marks) => {
        await mutate(loadId, marks);
        const frame = frameFor(loadId);
        // The floor knows its audience without asking: the changing company's sockets.
        for (const subscriber of subscribers) if (subscriber.companyId === target.companyId) subscriber.socket.send(frame);
        marks['last write'] = epoch();
      };
      // One change first, unmeasured, as for ours.
      await measure([loads[EVENTS] ?? ''], bareOpened.receivers, broadcast);
      const bare = await measure(loads.slice(0, EVENTS), bareOpened.receivers, broadcast);
      // The same floor sending the very bytes a dispatcher's socket got from ours (the tRPC envelope,
      // the load's change and their notification): how much of the gap is the frame's size.
      const bareSameBytes = await measure(loads.slice(0, EVENTS), bareOpened.receivers, async (loadId, marks) => {
        await mutate(loadId, marks);
        const frame = oursFrame.text.split(oursFrame.marker).join(loadId);
        for (const subscriber of subscribers) if (subscriber.companyId === target.companyId) subscriber.socket.send(frame);
        marks['last write'] = epoch();
      });
      const perSubscriber = await measure(loads.slice(0, PER_SUBSCRIBER_EVENTS), bareOpened.receivers, async (loadId, marks) => {
        await mutate(loadId, marks);
        const frame = frameFor(loadId);
        // One authorization query per subscriber, as that subscriber (row-level security on), 20 at a time (the pool).
        let next = 0;
        const worker = async () => {
          while (next < subscribers.length) {
            const subscriber = subscribers[next];
            next += 1;
            if (!subscriber) continue;
            const allowed = await withCompany(services.db, { companyId: subscriber.companyId, userId: subscriber.userId || null }, (tx) =>
              tx.selectFrom('loads').select('id').where('id', '=', loadId).executeTakeFirst(),
            );
            if (allowed) subscriber.socket.send(frame);
          }
        };
        await Promise.all(Array.from({ length: 20 }, worker));
        marks['last write'] = epoch();
      });
      await clients.ask({ type: 'close' });
      await new Promise<void>((resolve) => wss.close(() => resolve()));

      const line = (name: string, value: Stats) => {
        console.log(
          `${name.padEnd(22)} p50 ${value.median.toFixed(1)} ms, p95 ${value.p95.toFixed(1)} ms, p99 ${value.p99.toFixed(1)} ms (${value.samples} deliveries, ${value.missing} missing, ${value.bystanders} to other companies)`,
        );
        const steps = (marks: Marks) =>
          Object.entries(marks)
            .filter(([mark]) => !mark.startsWith('#'))
            .sort((a, b) => a[1] - b[1])
            .map(([mark, ms]) => `${mark} +${ms.toFixed(1)}`)
            .join(', ');
        const counts = Object.entries(value.marks)
          .filter(([mark]) => mark.startsWith('#'))
          .map(([mark, count]) => `${count} ${mark.slice(1)}`);
        console.log(
          `${''.padEnd(22)} medians, ms from the request: ${steps(value.marks)}${counts.length ? ` (${counts.join(', ')})` : ''}`,
        );
        console.log(`${''.padEnd(22)} the slowest change: ${steps(value.slowest)}`);
      };
      line('ours', ours);
      line('bare ws broadcast', bare);
      line(`bare, ours' ${Buffer.byteLength(oursFrame.text)} bytes`, bareSameBytes);
      line('per-subscriber query', perSubscriber);
      // A ratio only when every socket of both sides opened and heard every change: else it compares different work.
      const sound =
        opened.failed === 0 &&
        bareOpened.failed === 0 &&
        opened.receivers === size &&
        bareOpened.receivers === size &&
        ours.missing === 0 &&
        bare.missing === 0 &&
        bareSameBytes.missing === 0 &&
        perSubscriber.missing === 0;
      const toBare = ours.p99 / bare.p99;
      const goal = size >= 10_000 ? 2 : 1.5;
      const versusQuery = perSubscriber.p99 / ours.p99;
      console.log(
        sound
          ? `ratio p99 ours/bare ${toBare.toFixed(2)}x (goal <= ${goal}x; ours/bare of the same bytes ${(ours.p99 / bareSameBytes.p99).toFixed(2)}x); per-subscriber query/ours ${versusQuery.toFixed(1)}x (goal >= 10x); load average ${loadavg()
              .map((value) => value.toFixed(2))
              .join(' ')}`
          : `NO RATIO: not every socket opened and heard every change (ours ${opened.receivers} of ${size} open, ${ours.missing} missing; bare ${bareOpened.receivers} of ${size}, ${bare.missing} missing; per-subscriber ${perSubscriber.missing} missing)`,
      );
      const count = size.toLocaleString('en-US');
      const note = `${opened.receivers} of ${size} channels opened (${opened.failed} failed to open, ${opened.retried} retries); ${ours.samples} deliveries (${ours.missing} missing, ${ours.bystanders} to the 99 other companies' ${bystanders} sockets); bare with ours' ${Buffer.byteLength(oursFrame.text)}-byte frame instead of its ${Buffer.byteLength(frameFor(loads[0] ?? ''))}-byte one: p99 ${bareSameBytes.p99.toFixed(1)} ms (ours ${(ours.p99 / bareSameBytes.p99).toFixed(2)}x)`;
      rows.push(
        {
          name: `fan-out of one status change to ${count} subscribers (100 companies)`,
          unit: 'ms',
          median: ours.median,
          p95: ours.p95,
          p99: ours.p99,
          peer: 'bare ws broadcast of one frame',
          peerMedian: bare.median,
          peerP99: bare.p99,
          ...(sound ? { ratio: toBare } : {}),
          goal: `p99 <= ${goal}x bare`,
          met: sound && toBare <= goal && ours.bystanders === 0,
          note,
        },
        {
          name: `fan-out to ${count}: per-subscriber authorization query (Supabase Realtime's way)`,
          unit: 'ms',
          median: perSubscriber.median,
          p95: perSubscriber.p95,
          p99: perSubscriber.p99,
          peer: 'ours',
          peerMedian: ours.median,
          peerP99: ours.p99,
          ...(sound ? { ratio: versusQuery } : {}),
          goal: '>= 10x ours (p99)',
          met: sound && versusQuery >= 10,
          note: `${PER_SUBSCRIBER_EVENTS} changes, one SELECT per subscriber in a tenant transaction, 20 at a time; the bare broadcast (the floor) is ${(perSubscriber.p99 / bare.p99).toFixed(1)}x better than this peer at p99 in the same run`,
        },
      );
    }
    recordResults('fanout', rows);
  } catch (error) {
    // Said before the shutdown below, whose closed connections would otherwise be all that is printed.
    console.error(error);
    throw error;
  } finally {
    clients.stop();
    await app?.close();
    await started?.close();
    await owner.end().catch(() => {});
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.FANOUT_CLIENT === '1') clientMain();
else
  serverMain().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );

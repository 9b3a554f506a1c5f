import path from 'node:path';
import { z } from 'zod';

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * TRUST_PROXY: which peers may name the client's address in X-Forwarded-For. Off by default (the
 * peer's own address counts, so a forged header dodges no per-IP limit); a hop count (the number
 * of proxies in front of the app, each appending one address); or a comma list of the proxies'
 * addresses or CIDR ranges, whose header alone is believed.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((value, context): false | number | string[] => {
    const text = value.trim().toLowerCase();
    if (text === '' || text === 'false' || text === 'off' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const addresses = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (text === 'true' || addresses.some((item) => !/^[0-9a-f.:]+(\/\d{1,3})?$/.test(item))) {
      context.addIssue({
        code: 'custom',
        message: 'use off, a hop count, or a comma list of proxy addresses (true would believe any client)',
      });
      return z.NEVER;
    }
    return addresses;
  });

/** The app role's password outside production; a production server refuses to start with it. */
export const DEFAULT_APP_DB_PASSWORD = 'haulwise-app-local';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_ORIGIN: optionalString.pipe(z.url().optional()),
  TRUST_PROXY: trustProxy,
  HAULWISE_DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  APP_DB_PASSWORD: z.string().min(8).default(DEFAULT_APP_DB_PASSWORD).describe('refused in production while it is the default'),
  SEED_DEMO: z
    .enum(['auto', 'true', 'false'])
    .default('auto')
    .describe('auto: seed the demo workspace only on an empty embedded database; never in production'),
  DEMO_SIMULATION: z
    .enum(['auto', 'on', 'off'])
    .default('auto')
    .describe('auto: demo drivers move along their lanes in development with the demo workspace; on: also under test; never in production'),
  DEMO_SIMULATION_SECONDS: z.coerce.number().int().min(1).max(3600).default(15).describe('seconds between simulated positions'),
  PLATFORM_ADMIN_EMAILS: commaList,
  CONTACT_INBOX: z.email().default('hello@haulwise.local'),
  MAIL_FROM: z.string().default('Haulwise <no-reply@haulwise.local>'),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalString.pipe(z.url().optional()),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  MAX_SESSIONS_PER_USER: z.coerce.number().int().positive().default(10),
  SIGN_IN_MAX_PER_IP: z.coerce.number().int().positive().default(30).describe('sign-in attempts per IP per 15 minutes'),
  SIGN_UP_MAX_PER_IP: z.coerce.number().int().positive().default(10).describe('sign-ups per IP per hour'),
  SIGN_IN_MAX_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe("tries per account per 15 minutes of an existing account's password when accepting an invitation"),
  SIGN_IN_FREE_FAILURES: z.coerce.number().int().min(0).default(5).describe('failed sign-ins per address before each next try must wait'),
  SIGN_IN_MAX_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60)
    .describe('the longest wait after failed sign-ins (1, 2, 4, ... seconds); a delay, never a block'),
  CLIENT_DIST_DIR: optionalString.describe('the built SPA to serve; defaults to dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000).describe('requests per IP per minute (health checks excepted)'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10).describe('app-role connections per server'),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000).describe('wait for a pooled connection before answering 503'),
  MAX_CONCURRENT_REQUESTS: z.coerce
    .number()
    .int()
    .positive()
    .default(256)
    .describe('API requests in progress at once; more are answered 503 at once instead of queueing'),
  BUSY_LATENCY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(1000)
    .describe('calls taking this long on average means overloaded: new calls are answered 503 at once until they are quick again'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000).describe('deadline of an HTTP request or a WebSocket message'),
  MAX_BATCH_SIZE: z.coerce.number().int().positive().default(50).describe('calls per HTTP batch or WebSocket frame'),
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().positive().default(20).describe('live subscriptions per WebSocket connection'),
  WS_MAX_CONNECTIONS_PER_SESSION: z.coerce.number().int().positive().default(10).describe('open WebSocket connections per session'),
  WS_MAX_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(600).describe('messages per WebSocket connection per minute'),
  BACKUP_DIR: optionalString.describe('where make backup writes; defaults to <data dir>/backups'),
  S3_ENDPOINT: optionalString
    .pipe(z.url().optional())
    .describe('an S3 store (MinIO, AWS) for documents; files stay on local disk when unset'),
  S3_BUCKET: z.string().min(3).default('documents'),
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_PUBLIC_URL: optionalString
    .pipe(z.url().optional())
    .describe('the S3 store as browsers reach it, for presigned download links; unset: downloads go through the app'),
  FILE_LINK_SECRET: optionalString.describe('signs download links of files on disk; made and kept in the data folder when unset'),
  SMS_PROVIDER_URL: z.url().default('https://api.twilio.com').describe('a Twilio-compatible SMS API (its Messages resource)'),
  SMS_ACCOUNT: optionalString.describe('SMS account id; SMS is delivered only with SMS_ACCOUNT, SMS_TOKEN and SMS_FROM'),
  SMS_TOKEN: optionalString.describe('SMS account token'),
  SMS_FROM: optionalString.describe('the number (or sender id) SMS come from'),
  VAPID_PUBLIC_KEY: optionalString.describe('Web Push VAPID public key (base64url); a pair is made and kept in the data folder when unset'),
  VAPID_PRIVATE_KEY: optionalString.describe('Web Push VAPID private key (base64url), with VAPID_PUBLIC_KEY'),
  VAPID_SUBJECT: optionalString.describe('Web Push contact (mailto: or https:); defaults to the app origin'),
  WEB_PUSH_EXTRA_HOSTS: optionalString.describe(
    "test only: comma list of host:port push services besides the browsers' own (plain http allowed)",
  ),
  POD_EXTRACT_URL: optionalString
    .pipe(z.url().optional())
    .describe('a vision-model endpoint that reads POD images instead of the local OCR; unset: local OCR'),
  POD_EXTRACT_KEY: optionalString.describe('bearer token for POD_EXTRACT_URL'),
  RATECON_EXTRACT_URL: optionalString
    .pipe(z.url().optional())
    .describe('a vision-model endpoint that reads scanned rate confirmations instead of the local OCR; unset: local OCR'),
  RATECON_EXTRACT_KEY: optionalString.describe('bearer token for RATECON_EXTRACT_URL'),
  AIRWALLEX_CLIENT_ID: optionalString.describe(
    'Airwallex client id; payment links are made only with AIRWALLEX_CLIENT_ID and AIRWALLEX_API_KEY',
  ),
  AIRWALLEX_API_KEY: optionalString.describe('Airwallex API key, with AIRWALLEX_CLIENT_ID'),
  AIRWALLEX_BASE_URL: optionalString
    .pipe(z.url().optional())
    .describe('Airwallex API origin; defaults to https://api.airwallex.com (the sandbox: https://api-demo.airwallex.com)'),
  AIRWALLEX_WEBHOOK_SECRET: optionalString.describe('the secret Airwallex signs webhooks with; the webhook refuses everything without it'),
  AIRWALLEX_ACCOUNT_ID: optionalString.describe('the Airwallex account links are made for when a company saved none in Settings'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024)
    .describe('largest document upload, in bytes (25 MB)'),
  POSITIONS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(8)
    .max(3650)
    .default(90)
    .describe(
      'days of GPS positions kept; older daily partitions are dropped by a job (at least 8: positions up to 7 days old are accepted)',
    ),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  backupDir: string;
  /** Where links mailed to people point: APP_ORIGIN, else (never in production) this server on localhost. Never a request header. */
  appOrigin: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.APP_ORIGIN) {
    throw new Error(
      'Invalid configuration:\n  APP_ORIGIN: required in production (the public origin links in mail point at, e.g. https://dispatch.example.com)',
    );
  }
  if (parsed.data.NODE_ENV === 'production') {
    // No known password in production: not the app role's default, and never the demo workspace.
    if (parsed.data.APP_DB_PASSWORD === DEFAULT_APP_DB_PASSWORD) {
      throw new Error('Invalid configuration:\n  APP_DB_PASSWORD: set a password of your own in production (the default is public)');
    }
    parsed.data.SEED_DEMO = 'false';
  }
  const dataDir = path.resolve(parsed.data.HAULWISE_DATA_DIR);
  const appOrigin = parsed.data.APP_ORIGIN ? new URL(parsed.data.APP_ORIGIN).origin : `http://localhost:${parsed.data.PORT}`;
  return { ...parsed.data, dataDir, appOrigin, backupDir: path.resolve(parsed.data.BACKUP_DIR ?? path.join(dataDir, 'backups')) };
}

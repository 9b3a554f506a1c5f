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

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_ORIGIN: optionalString.pipe(z.url().optional()),
  HAULWISE_DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  APP_DB_PASSWORD: z.string().min(8).default('haulwise-app-local'),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto').describe('auto: seed the demo workspace only on an empty embedded database'),
  PLATFORM_ADMIN_EMAILS: commaList,
  CONTACT_INBOX: z.email().default('hello@haulwise.local'),
  MAIL_FROM: z.string().default('Haulwise <no-reply@haulwise.local>'),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalString.pipe(z.url().optional()),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  MAX_SESSIONS_PER_USER: z.coerce.number().int().positive().default(10),
  SIGN_IN_MAX_PER_IP: z.coerce.number().int().positive().default(30).describe('sign-in attempts per IP per 15 minutes'),
  SIGN_IN_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(10).describe('sign-in attempts per account per 15 minutes'),
  CLIENT_DIST_DIR: optionalString.describe('the built SPA to serve; defaults to dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000).describe('requests per IP per minute (health checks excepted)'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10).describe('app-role connections per server'),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000).describe('wait for a pooled connection before answering 503'),
  MAX_CONCURRENT_REQUESTS: z.coerce
    .number()
    .int()
    .positive()
    .default(64)
    .describe('API requests in progress at once; more are answered 503 at once instead of queueing'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000).describe('deadline of an HTTP request or a WebSocket message'),
  MAX_BATCH_SIZE: z.coerce.number().int().positive().default(50).describe('calls per HTTP batch or WebSocket frame'),
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().positive().default(20).describe('live subscriptions per WebSocket connection'),
  WS_MAX_CONNECTIONS_PER_SESSION: z.coerce.number().int().positive().default(10).describe('open WebSocket connections per session'),
  WS_MAX_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(600).describe('messages per WebSocket connection per minute'),
  BACKUP_DIR: optionalString.describe('where make backup writes; defaults to <data dir>/backups'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()).describe('an S3 store (MinIO, AWS) for documents; files stay on local disk when unset'),
  S3_BUCKET: z.string().min(3).default('documents'),
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  FILE_LINK_SECRET: optionalString.describe('signs download links of files on disk; made and kept in the data folder when unset'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024)
    .describe('largest document upload, in bytes (25 MB)'),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string; backupDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const dataDir = path.resolve(parsed.data.HAULWISE_DATA_DIR);
  return { ...parsed.data, dataDir, backupDir: path.resolve(parsed.data.BACKUP_DIR ?? path.join(dataDir, 'backups')) };
}

import { createECDH } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * Web Push, the domain's half: the server's VAPID keys and which push services a browser's
 * subscription may name. Delivery (jobs after commit) is server/src/domains/notifications/web-push-tasks.ts.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * A new VAPID pair as web-push's generateVAPIDKeys makes it (a P-256 key: the 65-byte uncompressed
 * public point and the 32-byte private scalar, base64url), without loading web-push at start.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const padded = (bytes: Buffer, length: number) => Buffer.concat([Buffer.alloc(Math.max(0, length - bytes.length)), bytes]);
  return {
    publicKey: padded(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: padded(curve.getPrivateKey(), 32).toString('base64url'),
  };
}

/** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set (several instances must share them), else a pair kept in the data folder, made on first use. */
export function vapidKeys(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'dataDir' | 'appOrigin'>,
): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? (config.appOrigin.startsWith('https:') ? config.appOrigin : 'mailto:push@haulwise.local');
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(config.dataDir, 'vapid-keys.json');
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  try {
    return { ...read(), subject };
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const keys = generateVapidKeys();
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return { ...keys, subject };
    } catch {
      // Another process made them first: use theirs.
      return { ...read(), subject };
    }
  }
}

/** The browsers' own push services (Chrome, Firefox, Edge, Safari): the only hosts a push is sent to. */
const PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^(updates\.)?push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
];

/** Whether a subscription's endpoint is a browser's push service (https), or one of the configured extra hosts (tests). */
export function isPushServiceEndpoint(endpoint: string, extraHosts: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const extras = (extraHosts ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  if (extras.includes(url.host)) return url.protocol === 'http:' || url.protocol === 'https:';
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICES.some((pattern) => pattern.test(url.hostname));
}

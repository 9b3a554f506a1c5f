import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_TEXTS } from '#shared/schemas/webhooks.js';

/**
 * Where a webhook may be sent (SSRF). In production an endpoint must be https and every address
 * its host resolves to must be public: not private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * loopback, link-local (169.254/16, fe80::/10, the cloud metadata address among them), shared
 * (100.64/10), unspecified, multicast or reserved. Outside production http is allowed too, and so
 * is loopback (a receiver on the developer's machine or a test's). It is checked when an endpoint
 * is registered and again at every delivery, where the request then connects to the address that
 * was checked (pinned through the request's `lookup`), so a DNS answer that changes in between (a
 * rebinding) cannot reach another address.
 */

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether an address is public (IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry). */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  return !NOT_PUBLIC.check(address, familyOf(address));
}

export function isLoopbackAddress(address: string): boolean {
  return isIP(address) !== 0 && LOOPBACK.check(address, familyOf(address));
}

export interface AddressRule {
  production: boolean;
  /** Resolves a host name to all its addresses (tests may answer for a name of their own). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export type CheckedAddress = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; message: string };

/** A host that does not resolve within this long is refused (registration holds its call's transaction meanwhile). */
const RESOLVE_TIMEOUT_MS = 5_000;

const resolveAll = (hostname: string) =>
  Promise.race([
    lookup(hostname, { all: true, verbatim: true }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('DNS lookup timed out')), RESOLVE_TIMEOUT_MS).unref()),
  ]);

/**
 * Checks a webhook URL and resolves its host: the address to connect to, or why the URL is refused
 * (the field's message). Every address the host resolves to must be allowed, not only the first.
 */
export async function checkWebhookAddress(raw: string, rule: AddressRule): Promise<CheckedAddress> {
  if (!URL.canParse(raw)) return { ok: false, message: WEBHOOK_TEXTS.urlInvalid };
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: WEBHOOK_TEXTS.urlInvalid };
  if (rule.production && url.protocol !== 'https:') return { ok: false, message: WEBHOOK_TEXTS.urlHttps };
  if (url.username || url.password) return { ok: false, message: WEBHOOK_TEXTS.urlInvalid };
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await (rule.resolve ?? resolveAll)(hostname);
  } catch {
    return { ok: false, message: WEBHOOK_TEXTS.urlUnresolvable };
  }
  const first = addresses[0];
  if (!first) return { ok: false, message: WEBHOOK_TEXTS.urlUnresolvable };
  const allowed = (address: string) => isPublicAddress(address) || (!rule.production && isLoopbackAddress(address));
  if (!addresses.every(({ address }) => allowed(address))) return { ok: false, message: WEBHOOK_TEXTS.urlPrivate };
  return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

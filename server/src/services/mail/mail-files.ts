import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The developer's mailbox: outside production every outgoing message is also written as an .eml
 * file under HAULWISE_DATA_DIR/mail (open it in any mail client, or read it as text), so nobody
 * needs Resend, or the outbox's bodies, to follow an invitation link or type a two-factor code.
 * The outbox table itself keeps no body once a message is delivered.
 */

export interface MailFileMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** One header line: CR and LF never reach a header (they would start another). */
const header = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** A short tag of the recipient in the file name, so a reader finds one person's mail without opening every file. */
const recipientTag = (recipient: string) => createHash('sha256').update(recipient).digest('hex').slice(0, 12);

/** A sortable, unique file name: the time it was written, the recipient's tag, then the outbox id. */
const fileName = (id: string, recipient: string) =>
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${recipientTag(recipient)}-${id}.eml`;

export function toEml(id: string, message: MailFileMessage): string {
  const headers = [
    `Message-ID: <${id}@haulwise.local>`,
    `Date: ${new Date().toUTCString()}`,
    `To: ${header(message.to)}`,
    `Subject: ${header(message.subject || (message.channel === 'sms' ? 'Text message' : ''))}`,
    `X-Haulwise-Channel: ${message.channel}`,
    `X-Haulwise-Written: ${new Date().toISOString()}`,
    'MIME-Version: 1.0',
  ];
  if (!message.html) {
    return [...headers, 'Content-Type: text/plain; charset=utf-8', '', message.text, ''].join('\r\n');
  }
  const boundary = `haulwise-${id}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    message.text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    message.html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export async function writeMailFile(mailDir: string, id: string, message: MailFileMessage): Promise<string> {
  await mkdir(mailDir, { recursive: true });
  const file = path.join(mailDir, fileName(id, message.to));
  await writeFile(file, toEml(id, message), { mode: 0o600 });
  return file;
}

export interface MailFile {
  id: string;
  to: string;
  subject: string;
  channel: string;
  /** When the server wrote it (to the millisecond). */
  writtenAt: Date;
  text: string;
  html: string | null;
}

/** Reads back a file written by writeMailFile (not a general MIME parser). */
export function parseEml(content: string): MailFile {
  const [head = '', ...rest] = content.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const headers = new Map(
    head.split('\r\n').map((line) => {
      const index = line.indexOf(':');
      return [line.slice(0, index).toLowerCase(), line.slice(index + 1).trim()] as const;
    }),
  );
  const id = /<([^@>]+)@/.exec(headers.get('message-id') ?? '')?.[1] ?? '';
  const base = {
    id,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    channel: headers.get('x-haulwise-channel') ?? '',
    writtenAt: new Date(headers.get('x-haulwise-written') ?? headers.get('date') ?? 0),
  };
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return { ...base, text: body.replace(/\r\n$/, ''), html: null };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => part.replace(/^\r\n/, '').replace(/\r\n$/, ''));
  const partBody = (type: string) => {
    const part = parts.find((candidate) => candidate.startsWith(`Content-Type: ${type}`));
    return part ? part.slice(part.indexOf('\r\n\r\n') + 4) : null;
  };
  return { ...base, text: partBody('text/plain') ?? '', html: partBody('text/html') };
}

/** The messages written to an address (email) or number (sms), newest first. */
export async function mailFilesTo(mailDir: string, recipient: string): Promise<MailFile[]> {
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch {
    return [];
  }
  const tag = `-${recipientTag(recipient)}-`;
  const found: MailFile[] = [];
  for (const name of names
    .filter((candidate) => candidate.endsWith('.eml') && candidate.includes(tag))
    .sort()
    .reverse()) {
    const mail = parseEml(await readFile(path.join(mailDir, name), 'utf8'));
    if (mail.to === recipient) found.push(mail);
  }
  return found;
}

/** The message written for this outbox id, or null. */
export async function mailFileOf(mailDir: string, id: string): Promise<MailFile | null> {
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch {
    return null;
  }
  const name = names.find((candidate) => candidate.endsWith(`-${id}.eml`));
  return name ? parseEml(await readFile(path.join(mailDir, name), 'utf8')) : null;
}

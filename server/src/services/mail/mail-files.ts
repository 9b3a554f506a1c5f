import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The developer's mailbox: outside production every outgoing message is also written as an .eml
 * file under HAULWISE_DATA_DIR/mail (open it in any mail client, or read it as text), so nobody
 * needs Resend, or the outbox's bodies, to follow an invitation link or type a two-factor code.
 * The outbox table itself keeps no body once a message is delivered.
 */

/** A file attached to a message (an invoice's PDF). */
export interface MailFileAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailFileMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: readonly MailFileAttachment[] | undefined;
}

/** One header line: CR and LF never reach a header (they would start another). */
const header = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** A short tag of the recipient in the file name, so a reader finds one person's mail without opening every file. */
const recipientTag = (recipient: string) => createHash('sha256').update(recipient).digest('hex').slice(0, 12);

/** A sortable, unique file name: the time it was written, the recipient's tag, then the outbox id. */
const fileName = (id: string, recipient: string) =>
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${recipientTag(recipient)}-${id}.eml`;

/** A MIME parameter value: one line, no quotes or backslashes (they would end or escape it). */
const parameter = (value: string) => value.replace(/[\r\n"\\]+/g, '_');

/** Base64 in lines of 76 characters, as MIME wants. */
const base64Lines = (content: Buffer) => content.toString('base64').replace(/.{76}(?=.)/g, '$&\r\n');

/** The message's text (and HTML) as one MIME part: its header lines, a blank line, its body. */
function bodyPart(id: string, message: MailFileMessage): string[] {
  if (!message.html) return ['Content-Type: text/plain; charset=utf-8', '', message.text];
  const boundary = `haulwise-${id}`;
  return [
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
  ];
}

/**
 * The message as an .eml file: plain text, or text and HTML (multipart/alternative); with
 * attachments, multipart/mixed of that body and each file in base64 (Content-Disposition:
 * attachment), so a mail client shows the PDF as an attachment.
 */
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
  const attachments = message.attachments ?? [];
  if (attachments.length === 0) return [...headers, ...bodyPart(id, message), ''].join('\r\n');
  const boundary = `haulwise-mixed-${id}`;
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...bodyPart(id, message),
    ...attachments.flatMap((file) => [
      `--${boundary}`,
      `Content-Type: ${parameter(file.contentType)}; name="${parameter(file.filename)}"`,
      `Content-Disposition: attachment; filename="${parameter(file.filename)}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(file.content),
    ]),
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
  attachments: MailFileAttachment[];
}

/** Header lines to a map of lower-cased names (the files written here never fold a header). */
function headersOf(head: string): Map<string, string> {
  return new Map(
    head.split('\r\n').map((line) => {
      const index = line.indexOf(':');
      return [line.slice(0, index).toLowerCase(), line.slice(index + 1).trim()] as const;
    }),
  );
}

/** The text, HTML and attachments of one MIME entity (recursing into multipart ones). */
function contentsOf(headers: Map<string, string>, body: string): Pick<MailFile, 'text' | 'html' | 'attachments'> {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="([^"]+)"/.exec(type)?.[1];
  if (!boundary) {
    if (/attachment/i.test(headers.get('content-disposition') ?? '')) {
      const filename = /filename="([^"]*)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? '';
      const contentType = type.split(';')[0]?.trim() ?? '';
      return { text: '', html: null, attachments: [{ filename, contentType, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') }] };
    }
    if (type.startsWith('text/html')) return { text: '', html: body, attachments: [] };
    return { text: body, html: null, attachments: [] };
  }
  const found: Pick<MailFile, 'text' | 'html' | 'attachments'> = { text: '', html: null, attachments: [] };
  for (const part of body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((candidate) => candidate.replace(/^\r\n/, '').replace(/\r\n$/, ''))) {
    const split = part.indexOf('\r\n\r\n');
    const inner = contentsOf(headersOf(split === -1 ? part : part.slice(0, split)), split === -1 ? '' : part.slice(split + 4));
    if (!found.text) found.text = inner.text;
    found.html ??= inner.html;
    found.attachments.push(...inner.attachments);
  }
  return found;
}

/** Reads back a file written by writeMailFile (not a general MIME parser). */
export function parseEml(content: string): MailFile {
  const [head = '', ...rest] = content.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const headers = headersOf(head);
  const id = /<([^@>]+)@/.exec(headers.get('message-id') ?? '')?.[1] ?? '';
  const base = {
    id,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    channel: headers.get('x-haulwise-channel') ?? '',
    writtenAt: new Date(headers.get('x-haulwise-written') ?? headers.get('date') ?? 0),
  };
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return { ...base, text: body.replace(/\r\n$/, ''), html: null, attachments: [] };
  return { ...base, ...contentsOf(headers, body) };
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

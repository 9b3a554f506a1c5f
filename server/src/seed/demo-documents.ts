import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { DocumentType, DocumentVisibility } from '#shared/schemas/documents.js';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { storageFor } from '../services/storage/index.js';
import { PNG_SIGNATURE, pngChunk, pngHeader, textPdf } from './sample-files.js';

/**
 * Documents on the demo loads, stored for real in the configured file store: a rate confirmation
 * and a bill of lading on recent loads, and proofs of delivery (PDFs with text, and a scan-like
 * image) on delivered ones, so the Documents screen, a load's tab and POD extraction have
 * something to show. Added once: a company that has documents is left as it is.
 */
export async function seedDemoDocuments(db: Db, companyId: string, config: Config = seedConfig()): Promise<boolean> {
  const storage = storageFor(config);
  await storage.ready();
  const { loads, dispatcher } = await withCompany(db, { companyId, userId: null }, async (tx) => {
    const existing = await tx.selectFrom('documents').select('id').limit(1).executeTakeFirst();
    if (existing) return { loads: [], dispatcher: null };
    const rows = await tx
      .selectFrom('loads')
      .select([
        'id',
        'loadNumber',
        'status',
        'pickupCity',
        'pickupState',
        'deliveryCity',
        'deliveryState',
        'deliveryDate',
        'rate',
        'commodity',
      ])
      .orderBy('createdAt', 'desc')
      .limit(40)
      .execute();
    const role = await tx
      .selectFrom('userRoles')
      .innerJoin('profiles', 'profiles.userId', 'userRoles.userId')
      .select('userRoles.userId')
      .where('profiles.companyId', '=', companyId)
      .where('userRoles.role', '=', 'dispatcher')
      .executeTakeFirst();
    return { loads: rows, dispatcher: role?.userId ?? null };
  });
  if (loads.length === 0) return false;

  const staging = path.join(config.dataDir, 'files', '.tmp');
  await mkdir(staging, { recursive: true });
  const planned: {
    loadId: string;
    fileName: string;
    content: Buffer;
    contentType: string;
    type: DocumentType;
    visibility: DocumentVisibility;
  }[] = [];
  const delivered = loads.filter((load) => load.status === 'delivered').slice(0, 6);
  for (const load of loads.slice(0, 8)) {
    const lane = `${load.pickupCity}, ${load.pickupState} to ${load.deliveryCity}, ${load.deliveryState}`;
    planned.push({
      loadId: load.id,
      fileName: `Rate Confirmation ${load.loadNumber}.pdf`,
      content: textPdf([
        'RATE CONFIRMATION',
        `Load: ${load.loadNumber}`,
        `Lane: ${lane}`,
        `Commodity: ${load.commodity ?? 'General freight'}`,
        `Rate: $${load.rate ?? '0.00'} USD`,
      ]),
      contentType: 'application/pdf',
      type: 'rate_confirmation',
      visibility: 'sales',
    });
    planned.push({
      loadId: load.id,
      fileName: `BOL ${load.loadNumber}.pdf`,
      content: textPdf([
        'BILL OF LADING',
        `Load: ${load.loadNumber}`,
        `Ship from: ${load.pickupCity}, ${load.pickupState}`,
        `Ship to: ${load.deliveryCity}, ${load.deliveryState}`,
      ]),
      contentType: 'application/pdf',
      type: 'bol',
      visibility: 'driver',
    });
  }
  const recipients = ['Maria Gonzalez', 'James Carter', 'Linda Nguyen', 'Robert Hayes', 'Angela Brooks', 'Kevin Patel'];
  delivered.forEach((load, index) => {
    const date = load.deliveryDate ?? new Date().toISOString().slice(0, 10);
    const time = `${String(8 + index).padStart(2, '0')}:${index % 2 ? '45' : '15'}`;
    if (index % 3 === 2) {
      planned.push({
        loadId: load.id,
        fileName: `POD scan ${load.loadNumber}.png`,
        content: scanPng(),
        contentType: 'image/png',
        type: 'pod',
        visibility: 'dispatcher',
      });
      return;
    }
    planned.push({
      loadId: load.id,
      fileName: `POD ${load.loadNumber}.pdf`,
      content: textPdf([
        'PROOF OF DELIVERY',
        `Load: ${load.loadNumber}`,
        `Delivery Date: ${date}`,
        `Delivery Time: ${time}`,
        `Location: ${load.deliveryCity}, ${load.deliveryState}`,
        `Received by: ${recipients[index % recipients.length]}`,
        'Signature: signed',
        `Condition: ${index === 1 ? 'Two pallets damaged, shrink wrap torn' : 'Good'}`,
        'Notes: Delivered to dock 4',
      ]),
      contentType: 'application/pdf',
      type: 'pod',
      visibility: 'dispatcher',
    });
  });

  const stored: { key: string; item: (typeof planned)[number] }[] = [];
  for (const item of planned) {
    const key = `${companyId}/${randomUUID()}`;
    const temp = path.join(staging, `${randomUUID()}.seed`);
    await writeFile(temp, item.content);
    await storage.putFile(key, temp, item.content.length, item.contentType);
    stored.push({ key, item });
  }
  await withCompany(db, { companyId, userId: dispatcher }, (tx) =>
    tx
      .insertInto('documents')
      .values(
        stored.map(({ key, item }) => ({
          companyId,
          loadId: item.loadId,
          fileName: item.fileName,
          filePath: key,
          fileSize: item.content.length,
          contentType: item.contentType,
          documentType: item.type,
          visibility: item.visibility,
          uploadedBy: dispatcher,
        })),
      )
      .execute(),
  );
  return true;
}

/** The running configuration; under tests with no data folder named, the tests' own (never the developer's .data). */
function seedConfig(): Config {
  const testing = process.env.NODE_ENV === 'test' && !process.env.HAULWISE_DATA_DIR;
  return loadConfig(testing ? { ...process.env, HAULWISE_DATA_DIR: '.data/test' } : process.env);
}

/** A small grey "scanned page" PNG (a paper-coloured page with a darker band where the text would be). */
function scanPng(width = 200, height = 260): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width, 0xee);
    row[0] = 0;
    if (y > 30 && y < 200 && y % 14 < 6) row.fill(0x55, 20, width - 20);
    rows.push(row);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', pngHeader(width, height, 0)),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

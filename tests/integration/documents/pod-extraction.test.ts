import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDate, parseTime, proposePodFields } from '../../../server/src/domains/documents/pod-fields.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPodText, stopPodReader } from '../../../server/src/services/storage/pod-reader.js';

/**
 * POD extraction on three realistic PODs (tests/fixtures/pod/, made by generate.ts there): a phone
 * photo (OCR), a PDF with text (its text layer) and a scanned PDF (OCR of its page image).
 */
const fixture = (name: string) => readFile(path.resolve('tests/fixtures/pod', name));

afterAll(async () => {
  await stopPodReader();
});

const valuesOf = (proposal: ReturnType<typeof proposePodFields>) =>
  Object.fromEntries(Object.entries(proposal).map(([name, field]) => [name, field.value]));

describe('POD extraction', () => {
  it('reads a PDF with text through its text layer', async () => {
    const { method, lines } = await readPodText(await fixture('pod-text.pdf'), 'application/pdf');
    expect(method).toBe('pdf-text');
    const proposal = proposePodFields(lines);
    expect(valuesOf(proposal)).toEqual({
      deliveryDate: '2026-11-18',
      deliveryTime: '09:15',
      recipientName: 'Maria Gonzalez',
      recipientSignature: true,
      location: 'Reno, NV',
      condition: 'other',
      notes: 'Photos taken at receiving',
    });
    expect(proposal.recipientName.source).toBe('Received by: Maria Gonzalez');
    expect(proposal.recipientName.confidence).toBe(1);
  });

  it('reads a phone photo of a paper POD through OCR', { timeout: 120_000 }, async () => {
    const { method, lines } = await readPodText(await fixture('pod-photo.jpg'), 'image/jpeg');
    expect(method).toBe('ocr');
    const proposal = proposePodFields(lines);
    expect(valuesOf(proposal)).toMatchObject({
      deliveryDate: '2026-11-20',
      deliveryTime: '14:45',
      recipientName: 'James Carter',
      recipientSignature: true,
      location: 'Atlanta, GA',
      condition: 'good',
    });
    expect(proposal.deliveryDate.confidence).toBeGreaterThan(0.5);
    expect(proposal.deliveryDate.source).toContain('11/20/2026');
  });

  it('reads a scanned PDF (no text layer) through OCR of its page image', { timeout: 120_000 }, async () => {
    const { method, lines } = await readPodText(await fixture('pod-scanned.pdf'), 'application/pdf');
    expect(method).toBe('ocr');
    expect(valuesOf(proposePodFields(lines))).toMatchObject({
      deliveryDate: '2026-11-21',
      deliveryTime: '16:05',
      recipientName: 'Linda Nguyen',
      recipientSignature: true,
      location: 'Denver, CO',
      condition: 'good',
    });
  });

  it('sends images to the vision endpoint when POD_EXTRACT_URL is set (a local server plays it)', async () => {
    const received: { authorization?: string; contentType?: string; bytes?: number }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const parsed = JSON.parse(body) as { image: string; contentType: string };
        received.push({
          authorization: request.headers.authorization,
          contentType: parsed.contentType,
          bytes: Buffer.from(parsed.image, 'base64').length,
        });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ text: 'Delivered on: 2026-11-22\nReceived by: Ana Ruiz\nCondition: good', confidence: 0.75 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/read`;
      const image = await fixture('pod-photo.jpg');
      const { method, lines } = await readPodText(image, 'image/jpeg', { vision: { url, key: 'secret-key' } });
      expect(method).toBe('vision');
      expect(received).toEqual([{ authorization: 'Bearer secret-key', contentType: 'image/jpeg', bytes: image.length }]);
      const proposal = proposePodFields(lines);
      expect(proposal.deliveryDate).toEqual({ value: '2026-11-22', source: 'Delivered on: 2026-11-22', confidence: 0.75 });
      expect(proposal.recipientName.value).toBe('Ana Ruiz');
      // A PDF with text never leaves the server.
      expect((await readPodText(await fixture('pod-text.pdf'), 'application/pdf', { vision: { url } })).method).toBe('pdf-text');
      expect(received).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('parses the usual ways of writing dates and times', () => {
    expect(parseDate('11/20/2026')).toBe('2026-11-20');
    expect(parseDate('2026-11-18')).toBe('2026-11-18');
    expect(parseDate('Nov 21, 2026')).toBe('2026-11-21');
    expect(parseDate('21 November 2026')).toBe('2026-11-21');
    expect(parseDate('13/45/2026')).toBeNull();
    expect(parseTime('2:45 PM')).toBe('14:45');
    expect(parseTime('12:10 am')).toBe('00:10');
    expect(parseTime('16:05')).toBe('16:05');
    expect(parseTime('25:00')).toBeNull();
  });

  it('proposes nothing it did not read', () => {
    const proposal = proposePodFields([{ text: 'Hello world', confidence: 0.9 }]);
    for (const field of Object.values(proposal)) expect(field.confidence).toBe(0);
    expect(proposal.recipientName).toEqual({ value: null, source: null, confidence: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { readCookie } from './context.js';

/** The reading readCookie had before it scanned the header in place: each ';'-separated part, trimmed. */
function bySplit(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

describe('readCookie', () => {
  it('reads the named cookie among others, trimmed and decoded; a bad encoding is no cookie', () => {
    expect(readCookie('a=1; hw_session=abc%20def; b=2', 'hw_session')).toBe('abc def');
    expect(readCookie(' hw_session = x ;', 'hw_session')).toBe('x');
    expect(readCookie('hw_sessionx=1; hw_session=2', 'hw_session')).toBe('2');
    expect(readCookie('hw_session=%zz; hw_session=2', 'hw_session')).toBeNull();
    expect(readCookie('hw_session', 'hw_session')).toBeNull();
    expect(readCookie(undefined, 'hw_session')).toBeNull();
    expect(readCookie('', 'hw_session')).toBeNull();
  });

  it('answers as splitting the header on ";" did, for any header', () => {
    const alphabet = 's=; %a1x';
    for (let run = 0; run < 5000; run += 1) {
      let header = '';
      const length = (run * 7) % 14;
      for (let index = 0; index < length; index += 1) header += alphabet[(run * 31 + index * 17 + ((run >> 3) ^ index)) % alphabet.length];
      for (const name of ['s', 'a', 'x', ''])
        expect(readCookie(header, name), `${JSON.stringify(header)} ${name}`).toBe(bySplit(header, name));
    }
  });
});

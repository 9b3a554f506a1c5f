import { describe, expect, it } from 'vitest';
import { splitFileName } from './FileName';

describe('splitFileName', () => {
  it.each([
    ['rate-confirmation-very-long-0314.pdf', 'rate-confirmation-very-long-0314', '.pdf'],
    ['Bill of lading.final.docx', 'Bill of lading.final', '.docx'],
    ['photo.JPEG', 'photo', '.JPEG'],
    ['.env', '.env', ''],
    ['no extension', 'no extension', ''],
    ['ends with a dot.', 'ends with a dot.', ''],
    ['notes.final-version-for-the-broker', 'notes.final-version-for-the-broker', ''],
  ])('%s → %s + %s', (name, stem, extension) => {
    expect(splitFileName(name)).toEqual({ stem, extension });
    expect(stem + extension).toBe(name);
  });
});

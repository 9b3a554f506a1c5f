import { describe, expect, it } from 'vitest';
import { searchChangedElsewhere } from './use-paged-list';

describe('searchChangedElsewhere', () => {
  it('keeps letters typed while the address caught up with an earlier pause', () => {
    // "keys-a" was pushed; "keys-ab" is in the box when the address echoes "keys-a".
    expect(searchChangedElsewhere('keys-a', 'keys-a', 'keys-ab')).toBe(false);
  });

  it('shows a search changed elsewhere: "Clear filters", back, a saved view', () => {
    expect(searchChangedElsewhere('', null, 'keys-ab')).toBe(true);
    expect(searchChangedElsewhere('oakland', 'keys-a', 'keys-ab')).toBe(true);
  });

  it('leaves the box alone when it already shows the search', () => {
    expect(searchChangedElsewhere('keys', null, 'keys ')).toBe(false);
  });
});

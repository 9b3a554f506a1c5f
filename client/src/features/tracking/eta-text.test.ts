import { describe, expect, it } from 'vitest';
import { etaText, formatEtaDuration } from './eta-text';

describe("a tracking page's ETA", () => {
  it('reads as an estimate: minutes under an hour, half hours under ten, whole hours after', () => {
    expect(formatEtaDuration(0)).toBe('about 5 min');
    expect(formatEtaDuration(0.66)).toBe('about 40 min');
    expect(formatEtaDuration(0.99)).toBe('about 1 h');
    expect(formatEtaDuration(2.4)).toBe('about 2.5 h');
    expect(formatEtaDuration(6.1)).toBe('about 6 h');
    expect(formatEtaDuration(13.6)).toBe('about 14 h');
  });

  it('names the next stop and the arrival\'s date and time: "ETA to delivery: about 6 h (Nov 29, 3:40 PM)"', () => {
    const text = etaText({ stop: 'delivery', miles: 300, hours: 6, arrivesAt: '2026-11-29T15:40:00Z' });
    expect(text).toMatch(/^ETA to delivery: about 6 h \([A-Z][a-z]{2} \d{1,2}, \d{1,2}:40\s?(AM|PM)\)$/);
    expect(etaText({ stop: 'pickup', miles: 20, hours: 0.4, arrivesAt: '2026-11-29T15:40:00Z' })).toMatch(
      /^ETA to pickup: about 25 min \(/,
    );
  });
});

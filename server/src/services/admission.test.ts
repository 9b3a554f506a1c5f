import { describe, expect, it } from 'vitest';
import { Admission, SHED_MIN_IN_FLIGHT } from './admission.js';

describe('admission control', () => {
  it('admits up to the hard bound, and again once a call finishes', () => {
    const admission = new Admission({ maxInFlight: 3, busyLatencyMs: 1000 });
    expect([admission.admit(), admission.admit(), admission.admit(), admission.admit()]).toEqual([true, true, true, false]);
    admission.finish(5);
    expect(admission.admit()).toBe(true);
  });

  it('a short stall only delays calls: one slow call does not shed the next ones', () => {
    const admission = new Admission({ maxInFlight: 256, busyLatencyMs: 1000 });
    for (let call = 0; call < 200; call += 1) {
      expect(admission.admit()).toBe(true);
      admission.finish(call === 100 ? 900 : 8);
    }
    expect(admission.state.averageMs).toBeLessThan(1000);
  });

  it('sheds new calls while calls are slow and many are in progress, and admits again once they are quick', () => {
    const admission = new Admission({ maxInFlight: 256, busyLatencyMs: 1000 });
    // Overloaded: calls take 3 s each.
    for (let call = 0; call < 60; call += 1) {
      admission.admit();
      admission.finish(3000);
    }
    for (let call = 0; call < SHED_MIN_IN_FLIGHT; call += 1) expect(admission.admit()).toBe(true);
    expect(admission.admit()).toBe(false);
    // The admitted calls finish quickly once the backlog is gone: the average falls and calls are admitted again.
    let admitted = false;
    for (let call = 0; call < 200 && !admitted; call += 1) {
      admission.finish(10);
      admitted = admission.admit();
    }
    expect(admitted).toBe(true);
  });

  it('with few calls in progress, slowness alone does not refuse (one long report is not an overload)', () => {
    const admission = new Admission({ maxInFlight: 256, busyLatencyMs: 1000 });
    for (let call = 0; call < 60; call += 1) {
      admission.admit();
      admission.finish(5000);
    }
    expect(admission.admit()).toBe(true);
  });
});

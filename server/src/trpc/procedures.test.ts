import { describe, expect, it } from 'vitest';
import type { Context } from './context.js';
import { t } from './init.js';
import { permitted } from './procedures.js';

/** No call here gets past the guard's first check, which reads nothing of the context. */
const noContext = {} as Context;

describe('permitted(), the one builder', () => {
  it('refuses a procedure whose meta no longer names the access its guard checks', async () => {
    const router = t.router({
      // A team.write procedure re-labelled public: the guard must not follow the label, nor keep quiet.
      relabelled: permitted('team', 'write')
        .meta({ access: { public: 'relabelled' } })
        .query(() => 'reached'),
    });
    await expect(router.createCaller(noContext).relabelled()).rejects.toThrow(/its meta does not name the access its guard checks/);
  });

  it('refuses a subscription that would hold a transaction open', async () => {
    const router = t.router({
      held: permitted('self', 'live').subscription(async function* () {
        yield 'never reached';
      }),
    });
    await expect(router.createCaller(noContext).held()).rejects.toThrow(/a subscription opens no transaction/);
  });
});

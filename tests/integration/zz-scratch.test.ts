import { it } from 'vitest';
import WebSocket from 'ws';
import { listen, startTestServices } from '../support/harness.js';
it('explore', async () => {
  const started = await startTestServices();
  const { app, origin, wsUrl } = await listen(started.services);
  for (const o of ['http://evil.example', origin]) {
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(wsUrl, { headers: { origin: o } });
      ws.on('unexpected-response', (req, res) => { console.log(o, 'unexpected', res.statusCode); res.resume(); req.destroy(); resolve(); });
      ws.on('open', () => { console.log(o, 'open'); ws.close(); resolve(); });
      ws.on('error', (e) => { console.log(o, 'error', e.message); resolve(); });
    });
  }
  const t0 = Date.now();
  await app.close();
  console.log('closed in', Date.now() - t0);
  await started.close();
});

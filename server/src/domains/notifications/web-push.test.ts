import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from './web-push.js';

describe('generateVapidKeys', () => {
  it('makes a pair web-push accepts and signs with, as its own generateVAPIDKeys would', () => {
    const keys = generateVapidKeys();
    const theirs = webpush.generateVAPIDKeys();
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect([keys.publicKey.length, keys.privateKey.length]).toEqual([theirs.publicKey.length, theirs.privateKey.length]);
    expect(() => webpush.setVapidDetails('mailto:push@haulwise.local', keys.publicKey, keys.privateKey)).not.toThrow();
    const browser = generateVapidKeys(); // a browser's subscription keys are a P-256 pair too
    const details = webpush.generateRequestDetails(
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: browser.publicKey, auth: Buffer.alloc(16, 1).toString('base64url') },
      },
      'hello',
      { vapidDetails: { subject: 'mailto:push@haulwise.local', ...keys }, contentEncoding: 'aes128gcm' },
    );
    expect(String(details.headers.Authorization)).toContain(`k=${keys.publicKey}`);
  });
});

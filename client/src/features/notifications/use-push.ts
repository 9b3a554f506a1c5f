import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/**
 * This browser's Web Push subscription: system notifications for the user's notifications, also
 * when no tab is open (the service worker shows them: client/public/sw.js). Only where the
 * browser supports it and the service worker runs (the built app).
 */

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Set when the person turned browser notifications off in Settings: permission alone then subscribes nothing. */
const TURNED_OFF_KEY = 'haulwise-push-off';

/** The VAPID public key (base64url) as PushManager.subscribe wants it. */
function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const bytes = atob(base64);
  const key = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let index = 0; index < bytes.length; index += 1) key[index] = bytes.charCodeAt(index);
  return key;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

type Utils = ReturnType<typeof trpc.useUtils>;
type Subscribe = (input: { endpoint: string; keys: { p256dh: string; auth: string } }) => Promise<unknown>;

/** Subscribes this browser (or takes its subscription) and tells the server it is the signed-in user's. */
async function subscribeBrowser(worker: ServiceWorkerRegistration, utils: Utils, save: Subscribe): Promise<void> {
  let subscription = await worker.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await utils.notifications.pushKey.fetch();
    subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  }
  const json = subscription.toJSON();
  await save({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
}

/** The user this tab last set browser notifications up for: a sign-in as someone else sets them up again. */
let autoStartedFor: string | null = null;

/**
 * Once notification permission is granted (the spec's prompt, or the browser's own settings),
 * this browser receives the user's notifications as system notifications: mounted in the shell
 * (the bell), once per signed-in user (a subscription ends with the session that made it, so the
 * next person to sign in here registers it anew). Not after the person turned them off in Settings.
 */
export function useAutoPush(): void {
  const userId = useSession().user.id;
  const utils = trpc.useUtils();
  const subscribe = trpc.notifications.subscribePush.useMutation();
  const save = subscribe.mutateAsync;
  useEffect(() => {
    if (autoStartedFor === userId || !supported()) return;
    autoStartedFor = userId;
    const attempt = async () => {
      if (Notification.permission !== 'granted' || localStorage.getItem(TURNED_OFF_KEY) === 'true') return;
      const worker = await registration();
      if (worker) await subscribeBrowser(worker, utils, save);
    };
    const fail = (error: unknown) => console.info('Browser notifications not set up', error);
    void attempt().catch(fail);
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((status) => {
        status.onchange = () => void attempt().catch(fail);
      })
      .catch(() => undefined);
  }, [userId, utils, save]);
}

export function useBrowserPush() {
  const utils = trpc.useUtils();
  const subscribe = trpc.notifications.subscribePush.useMutation();
  const unsubscribe = trpc.notifications.unsubscribePush.useMutation();
  const [state, setState] = useState<'unsupported' | 'off' | 'on' | 'blocked' | 'checking'>('checking');
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    const worker = await registration();
    if (!worker) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('blocked');
    const current = await worker.pushManager.getSubscription();
    setState(current && Notification.permission === 'granted' ? 'on' : 'off');
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const enable = async () => {
    const worker = await registration();
    if (!worker) return;
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        // An unsupported browser or a refused permission is only logged (platform.md, section 8).
        console.info(`Notification permission: ${permission}`);
        return;
      }
      const { publicKey } = await utils.notifications.pushKey.fetch();
      const subscription = await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      });
      const json = subscription.toJSON();
      await subscribe.mutateAsync({
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      });
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const disable = async () => {
    const worker = await registration();
    const current = await worker?.pushManager.getSubscription();
    setBusy(true);
    localStorage.setItem(TURNED_OFF_KEY, 'true');
    try {
      if (current) {
        await unsubscribe.mutateAsync({ endpoint: current.endpoint });
        await current.unsubscribe();
      }
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return { state, busy, enable, disable };
}

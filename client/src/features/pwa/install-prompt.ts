import { PWA_INSTALL_DISMISSED_KEY } from '#shared/constants.js';

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The browser's offer to install the app, caught from the first moment (main.tsx imports this) so
 * the banner itself (InstallBanner.tsx) loads only once an offer came: never on a page where the
 * browser offers nothing, dismissed before, or in the installed app.
 */
let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

const isStandalone = () => window.matchMedia('(display-mode: standalone)').matches;

export function watchInstallOffer(): void {
  if (localStorage.getItem(PWA_INSTALL_DISMISSED_KEY) || isStandalone()) return;
  // An offer made before the app loaded, kept by a prerendered page's bootstrap (client/src/boot.ts).
  offer = (window.__haulwiseBoot?.installOffer as BeforeInstallPromptEvent | undefined) ?? null;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
}

/**
 * Pages that never show an app prompt (the install banner; the notification prompt lives in the
 * signed-in shell only): a public tracking link's page is for a customer, not a user of the app.
 */
const PROMPT_FREE_PREFIXES = ['/track/'];
export const promptsAllowedOn = (pathname: string): boolean => !PROMPT_FREE_PREFIXES.some((prefix) => pathname.startsWith(prefix));

export function installOffer(): BeforeInstallPromptEvent | null {
  return offer;
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

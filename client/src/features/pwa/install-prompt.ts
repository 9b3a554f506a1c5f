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

export function installOffer(): BeforeInstallPromptEvent | null {
  return offer;
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The assets a tab loaded before the service worker controlled it (the very first visit) never
 * passed through the worker, so it could not cache them: hand it their addresses once it is
 * ready (client/public/sw.js caches them), so the app shell opens offline from then on. Assets
 * loaded later pass through the worker and are cached as they come.
 */
export function shareLoadedAssets(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  void navigator.serviceWorker.ready.then((registration) => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${window.location.origin}/assets/`));
    registration.active?.postMessage({ type: 'cache-assets', urls });
  });
}

import { useEffect } from 'react';

/**
 * Tells a prerendered page's bootstrap (client/src/boot.ts) that the page's content has hydrated, so
 * it hands over what was typed and replays what was pressed before. Called by the prerendered pages'
 * outermost components (PublicLayout, AuthPage): their content sits inside the router's Suspense
 * boundary, which React hydrates after the app's shell, so an effect of the shell would come too soon.
 */
export function useHydratedSignal(): void {
  useEffect(() => {
    window.__haulwiseBoot?.hydrated();
  }, []);
}

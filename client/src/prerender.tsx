// Rendered at build by scripts/prerender.ts (in Node, through Vite's SSR loader), never shipped:
// a public page's markup with Chakra's styles inline, so the browser paints it before any script runs.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { publicSystem } from './theme-public';

export async function render(pathname: string): Promise<string> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [pathname] }), isServer: true });
  await router.load();
  return renderToString(
    <StrictMode>
      <ChakraProvider value={publicSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </StrictMode>,
  );
}

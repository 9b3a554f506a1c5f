import { defineConfig } from '@chakra-ui/react';

/** Haulwise's own layer over Chakra's theme, shared by the public and the full system (theme-public.ts, theme.ts). */
export const appConfig = defineConfig({
  globalCss: {
    'html, body': { bg: 'gray.50', color: 'gray.900' },
  },
  theme: {
    // Darker solids and error text than the defaults, so every text on them meets WCAG AA contrast.
    semanticTokens: {
      colors: {
        fg: { error: { value: '{colors.red.700}' } },
        blue: { solid: { value: '{colors.blue.700}' } },
        red: { solid: { value: '{colors.red.700}' } },
        green: { solid: { value: '{colors.green.700}' } },
      },
    },
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
  },
});

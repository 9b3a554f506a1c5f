import { defineConfig, type SystemConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

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

type ThemeParts = NonNullable<SystemConfig['theme']>;

/**
 * Chakra's `defaultConfig` spelled out from its parts (as its theme/index.js builds it), with the
 * recipes and semantic tokens a system chooses: the public system (theme-public.ts) and the
 * signed-in one (theme.ts) each keep only the recipes they use, so neither carries Chakra's whole
 * recipe map.
 */
export function chakraConfig(parts: Pick<ThemeParts, 'semanticTokens' | 'recipes' | 'slotRecipes'>) {
  return defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, tokens, textStyles, layerStyles, animationStyles, ...parts },
  });
}

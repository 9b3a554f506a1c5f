import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  recipes,
  semanticTokens,
  slotRecipes,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { appConfig } from './theme-config';

/**
 * The full system: every recipe of Chakra's theme, for the signed-in app. Loaded lazily
 * (theme-switch.ts) when a signed-in screen opens; the public pages use theme-public.ts.
 * Chakra's `defaultConfig` spelled out from its parts (as its theme/index.js builds it), so the
 * recipe maps stay in this lazy chunk instead of following the shared theme module into the entry.
 */
export const system = createSystem(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
  }),
  appConfig,
);

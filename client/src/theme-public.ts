import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import {
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { appConfig, chakraConfig } from './theme-config';

/**
 * The public pages' system (/, /about, /contact, /auth, /verify-email, /invite, the 404 page and
 * the prompts): Chakra's tokens and only the recipes those pages use, so their first load does not
 * carry every recipe of the signed-in app (about 29 KB gzipped). theme-switch.ts swaps in the full
 * system (theme.ts) before a signed-in screen renders. A component whose recipe is not here renders
 * unstyled, never breaks: add its recipe when a public page starts using it.
 */
export function makePublicSystem() {
  return createSystem(
    defaultBaseConfig,
    chakraConfig({
      semanticTokens,
      recipes: {
        badge: badgeRecipe,
        button: buttonRecipe,
        checkmark: checkmarkRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        icon: iconRecipe,
        input: inputRecipe,
        link: linkRecipe,
        separator: separatorRecipe,
        skeleton: skeletonRecipe,
        spinner: spinnerRecipe,
        textarea: textareaRecipe,
      },
      slotRecipes: {
        card: cardSlotRecipe,
        checkbox: checkboxSlotRecipe,
        field: fieldSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        tabs: tabsSlotRecipe,
        toast: toastSlotRecipe,
      },
    }),
    appConfig,
  );
}

/** Made when first used (prerender.tsx); the app makes it through theme-switch.ts only on a screen that uses it. */
export const publicSystem = /* @__PURE__ */ makePublicSystem();

import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  timelineSlotRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { appConfig, chakraConfig } from './theme-config';

/**
 * The recipes of the signed-in system: only those of the Chakra components the app imports (and
 * of what they render inside: a Button its Spinner, a Checkbox its checkmark, an InputGroup its
 * addons), by the key each component looks its recipe up with. Chakra's theme has 76; the others
 * (menu, select, tooltip, accordion...) would be about 20 KB gzipped of the first signed-in screen
 * and their share of `createSystem`'s work. `theme-recipes.test.ts` fails when a component imported
 * anywhere in client/src needs a recipe missing here (it reads the keys from Chakra's own files):
 * add it to these maps then. A component whose recipe is missing would render unstyled.
 */
const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

const slotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  timeline: timelineSlotRecipe,
  toast: toastSlotRecipe,
};

/**
 * Chakra's semantic tokens without their `_dark` values. The app has no dark mode (nothing sets a
 * `dark` class or renders Chakra's dark Theme), so those values only made `createSystem` build,
 * and the page insert, a second block of 111 CSS variables under `.dark` that nothing matches:
 * about 30% of `createSystem`'s time. Every light value, and so every style on screen, is as
 * before (theme-recipes.test.ts compares the system's global CSS with Chakra's tokens').
 */
function withoutDarkValues<T>(node: T): T {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== '_dark')
      .map(([key, value]) => [key, withoutDarkValues(value)]),
  ) as T;
}

/** The signed-in system's own layer: the recipes above and the semantic tokens' light values. */
export const signedInConfig = chakraConfig({ semanticTokens: withoutDarkValues(semanticTokens), recipes, slotRecipes });

/**
 * The signed-in system, loaded lazily (theme-switch.ts) when a signed-in screen opens; the public
 * pages use theme-public.ts.
 */
export const system = createSystem(defaultBaseConfig, signedInConfig, appConfig);

// The signed-in Chakra system (theme.ts) holds only the recipes the app uses. This test reads which
// names client/src imports from '@chakra-ui/react', finds the file of Chakra's own build that each
// comes from (its dist/esm/index.js), and collects the recipe keys that file and the component files
// it imports look their styles up with (`createRecipeContext({ key: "button" })`,
// `createSlotRecipeContext({ key: "dialog" })`, `useRecipe({ key: ... })`): a Dialog needs its slot
// recipe, a CloseButton the button's and the spinner's. Every such key that Chakra's full theme
// defines must be in the system, or the component would render unstyled. New components are
// covered as they are imported; nothing here lists them by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { recipes as chakraRecipes, semanticTokens, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { signedInConfig, system } from './theme';
import { appConfig } from './theme-config';

const SRC = path.dirname(fileURLToPath(import.meta.url));
// The package's CommonJS entry is dist/cjs/index.cjs; its ES build, which we read, is beside it.
const CHAKRA_ESM = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '..', 'esm');
const COMPONENTS = path.join(CHAKRA_ESM, 'components') + path.sep;

/** Every .ts and .tsx file under client/src but the tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The value names imported from '@chakra-ui/react' (not `import type`, not `type X`), with a file that imports each. */
function importedNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    if (/import\s+\*\s+as\s+\w+\s+from\s+'@chakra-ui\/react'/.test(text)) {
      throw new Error(`${file}: a namespace import of '@chakra-ui/react' cannot be checked; import the names`);
    }
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      if (match[1]) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const spec = part.trim();
        if (!spec || spec.startsWith('type ')) continue;
        names.set(spec.split(/\s+as\s+/)[0] ?? spec, path.relative(SRC, file));
      }
    }
  }
  return names;
}

/** What Chakra's index exports: the file each name comes from (null when from another package, as @ark-ui/react). */
function chakraExports(): Map<string, string | null> {
  const index = readFileSync(path.join(CHAKRA_ESM, 'index.js'), 'utf8');
  const namespaces = new Map<string, string>();
  for (const [, name = '', from = ''] of index.matchAll(/import \* as (\S+) from '([^']+)'/g)) namespaces.set(name, from);
  const exported = new Map<string, string | null>();
  for (const match of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [original, alias] = part.trim().split(/\s+as\s+/) as [string, string | undefined];
      const from = match[2] ?? namespaces.get(original);
      if (from === undefined) continue;
      exported.set(alias ?? original, from.startsWith('.') ? path.join(CHAKRA_ESM, from) : null);
    }
  }
  return exported;
}

const KEY = /(?:createRecipeContext|createSlotRecipeContext|useRecipe|useSlotRecipe)\(\s*\{\s*key:\s*"(\w+)"/g;

/** The recipe keys a file of Chakra's build and the component files it imports (transitively) look up. */
function recipeKeys(file: string, seen = new Set<string>(), keys = new Set<string>()): Set<string> {
  if (seen.has(file)) return keys;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, key = ''] of text.matchAll(KEY)) keys.add(key);
  for (const [, from = ''] of text.matchAll(/from '(\.\.?\/[^']+)'/g)) {
    const dependency = path.resolve(path.dirname(file), from);
    if (dependency.startsWith(COMPONENTS)) recipeKeys(dependency, seen, keys);
  }
  return keys;
}

/** Each recipe key Chakra's full theme defines that the app's imports need, with the names needing it. */
function neededKeys(): Map<string, string[]> {
  const exported = chakraExports();
  const needed = new Map<string, string[]>();
  for (const [name, importer] of importedNames()) {
    const file = exported.get(name);
    if (file === undefined) throw new Error(`${importer}: '${name}' is not among @chakra-ui/react's exports`);
    if (file === null) continue;
    for (const key of recipeKeys(file)) {
      if (!(key in chakraRecipes) && !(key in chakraSlotRecipes)) continue; // e.g. Text's "text": no recipe in Chakra's theme
      needed.set(key, [...(needed.get(key) ?? []), name]);
    }
  }
  return needed;
}

describe("the signed-in Chakra system's recipes", () => {
  it('reads the keys from Chakra’s files as expected', () => {
    const exported = chakraExports();
    const keysOf = (name: string) => [...recipeKeys(exported.get(name) ?? '')].sort();
    expect(keysOf('Dialog')).toEqual(['dialog']);
    expect(keysOf('Badge')).toEqual(['badge']);
    expect(keysOf('CloseButton')).toEqual(['button', 'spinner']);
    expect(keysOf('Checkbox')).toEqual(['checkbox', 'checkmark']);
    expect(keysOf('Box')).toEqual([]);
    expect(importedNames().size).toBeGreaterThan(20);
  });

  it('has the recipe of every component imported in client/src', () => {
    const missing = [...neededKeys()]
      .filter(([key]) => !system.isRecipe(key) && !system.isSlotRecipe(key))
      .map(([key, names]) => `${key} (${names.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('keeps each recipe as Chakra defines it, as a recipe or a slot recipe as Chakra has it', () => {
    for (const key of neededKeys().keys()) {
      expect(system.isSlotRecipe(key), key).toBe(key in chakraSlotRecipes);
    }
  });
});

describe("the signed-in Chakra system's tokens", () => {
  it('gives the global CSS of Chakra’s semantic tokens, less the dark block nothing matches', () => {
    const withDark = createSystem(defaultBaseConfig, { ...signedInConfig, theme: { ...signedInConfig.theme, semanticTokens } }, appConfig);
    const DARK = '.dark &, .dark .chakra-theme:not(.light) &';
    // The three parts of the global CSS, through the system's public getters.
    const tokenRules = (withDark.getTokenCss() as { '@layer tokens': Record<string, unknown> })['@layer tokens'];
    expect(Object.keys(tokenRules)).toContain(DARK);
    const light = Object.fromEntries(Object.entries(tokenRules).filter(([selector]) => selector !== DARK));
    expect(system.getPreflightCss()).toEqual(withDark.getPreflightCss());
    expect(system.getGlobalCss()).toEqual(withDark.getGlobalCss());
    expect(system.getTokenCss()).toEqual({ '@layer tokens': light });
    for (const name of ['colors.bg', 'colors.fg.muted', 'colors.blue.solid', 'colors.fg.error', 'shadows.md']) {
      expect(system.token(name), name).toBe(withDark.token(name));
    }
  });
});

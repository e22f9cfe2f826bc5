/**
 * How `@theme/<Name>` and `@theme-original/<Name>` resolve, as one esbuild plugin shared by the browser bundle and
 * the server renderer's bundle, so both render the same components. TypeScript and tsx map both prefixes to the
 * engine's folders (tsconfig.base.json `paths`), which is what a site without overrides gets here too.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { isThemeComponentName, themeComponentNames, type ThemeOverrides } from './components.js';
import { enginePath } from '../engineRoot.js';

export const engineThemeDir = enginePath('src/theme');

/** The engine's module for `<Name>`: src/theme/<Name>/index.tsx (or index.ts). */
function engineThemeModule(name: string): string | undefined {
  return ['index.tsx', 'index.ts']
    .map((file) => path.join(engineThemeDir, name, file))
    .find((file) => fs.existsSync(file));
}

/** `@theme/<Name>` -> the site's `theme/<Name>.tsx` when it has one, else the engine's; `@theme-original/<Name>` -> the engine's. */
export function themeAliasPlugin(overrides: ThemeOverrides): Plugin {
  return {
    name: 'wiki-theme-alias',
    setup(build) {
      build.onResolve({ filter: /^@theme(-original)?\/[^/]+$/ }, (args) => {
        const slash = args.path.indexOf('/');
        const name = args.path.slice(slash + 1);
        const override =
          args.path.startsWith('@theme/') && isThemeComponentName(name) ? overrides.get(name) : undefined;
        // An override that imports its own name gets the engine's component (wrapping it), never itself.
        if (override && override !== args.importer) return { path: override };
        const engine = engineThemeModule(name);
        if (engine) return { path: engine };
        return {
          errors: [
            {
              text: `There is no theme module "${args.path}".`,
              notes: [
                {
                  text: `Use one of ${themeComponentNames.map((n) => `@theme/${n}`).join(', ')}, or @theme/ThemeContext, @theme/Translate, @theme/Icons, @theme/utils.`,
                },
              ],
            },
          ],
        };
      });
    },
  };
}

/**
 * Packages imported by a site's theme overrides and pages, in both bundles. React is always the engine's copy, even
 * when a node_modules above the site holds another: two Reacts in one page break every hook (a custom page would not
 * hydrate), and the server renders with the engine's. Any other package is found from the site first, then from the
 * engine, in both bundles alike.
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { engineRoot } from '../engineRoot.js';
import { INNER_RESOLVE } from '../esbuild.js';

/** `react`, `react-dom` and their subpaths (`react/jsx-runtime`, `react-dom/client`...). */
const REACT_IMPORT = /^react(-dom)?(\/|$)/;

/**
 * React's API in the browser, as Preact's compat layer provides it: the server renders with React, and the page
 * hydrates with Preact (10 KB gzipped instead of React DOM's 60 KB, which alone nearly filled a note's 70 KB budget
 * for JavaScript). Every import of React, the engine's or a site's, maps here.
 */
const browserReact: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** The browser bundle: React is Preact's compat layer, from the engine. (Other packages fall back to it through nodePaths.) */
export const browserReactPlugin: Plugin = {
  name: 'wiki-browser-react',
  setup(build) {
    build.onResolve({ filter: REACT_IMPORT }, (args) => {
      const target = browserReact[args.path];
      if (!target)
        return {
          errors: [
            {
              text: `${args.path} is not available in the browser (only react, react-dom, react-dom/client and the JSX runtimes are).`,
            },
          ],
        };
      return build.resolve(target, { kind: args.kind, resolveDir: engineRoot });
    });
  },
};

/**
 * The server renderer bundle: which packages it imports and which it holds. The bundle is a file in the engine's
 * cache, so an import left in it resolves as it does from the engine: the engine's own imports and React stay
 * imports, and so does a site import that finds the same package; a package only the site has (or its own copy) is
 * bundled from the site's node_modules, as the browser bundle finds it. A package neither has is esbuild's error,
 * with file and line.
 */
export const sitePackagesPlugin: Plugin = {
  name: 'wiki-site-packages',
  setup(build) {
    const engineSources = path.join(engineRoot, 'src') + path.sep;
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === INNER_RESOLVE || path.isAbsolute(args.path) || args.path.startsWith('node:'))
        return undefined;
      const external = { path: args.path, external: true };
      if (args.importer.startsWith(engineSources) || REACT_IMPORT.test(args.path)) return external;
      const resolveFrom = (resolveDir: string) =>
        build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: INNER_RESOLVE });
      const [fromSite, fromEngine] = await Promise.all([resolveFrom(args.resolveDir), resolveFrom(engineRoot)]);
      if (fromSite.errors.length > 0) return fromEngine.errors.length === 0 ? external : undefined;
      return fromSite.external || fromSite.path === fromEngine.path ? external : { path: fromSite.path };
    });
  },
};

/**
 * Packages imported by a site's theme overrides and pages, in both bundles. React is always the engine's copy, even
 * when a node_modules above the site holds another: two Reacts in one page break every hook (a custom page would not
 * hydrate), and the server renders with the engine's. Any other package is found from the site first, then from the
 * engine, in both bundles alike.
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { engineRoot } from '../engineRoot.js';

/** `react`, `react-dom` and their subpaths (`react/jsx-runtime`, `react-dom/client`...). */
const REACT_IMPORT = /^react(-dom)?(\/|$)/;

/** The browser bundle: React resolves from the engine. (Other packages fall back to it through esbuild's nodePaths.) */
export const engineReactPlugin: Plugin = {
  name: 'wiki-engine-react',
  setup(build) {
    const fromEngine = { from: 'engine' };
    build.onResolve({ filter: REACT_IMPORT }, (args) => {
      if (args.pluginData === fromEngine || args.importer.startsWith(engineRoot + path.sep)) return undefined;
      return build.resolve(args.path, { kind: args.kind, resolveDir: engineRoot, pluginData: fromEngine });
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
    const resolving = { from: 'wiki-site-packages' };
    const engineSources = path.join(engineRoot, 'src') + path.sep;
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === resolving || path.isAbsolute(args.path) || args.path.startsWith('node:'))
        return undefined;
      const external = { path: args.path, external: true };
      if (args.importer.startsWith(engineSources) || REACT_IMPORT.test(args.path)) return external;
      const resolveFrom = (resolveDir: string) =>
        build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: resolving });
      const [fromSite, fromEngine] = await Promise.all([resolveFrom(args.resolveDir), resolveFrom(engineRoot)]);
      if (fromSite.errors.length > 0) return fromEngine.errors.length === 0 ? external : undefined;
      return fromSite.external || fromSite.path === fromEngine.path ? external : { path: fromSite.path };
    });
  },
};

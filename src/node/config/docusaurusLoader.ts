/**
 * How a Docusaurus site's config is bundled (loadConfig.ts runs the build): its packages come from the site's own
 * node_modules, and one the site does not have (a theme, a remark plugin, `prism-react-renderer`) is a stand-in
 * rather than a crash, since it usually serves only options this engine ignores anyway.
 */
import { promises as fs } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Plugin } from 'esbuild';
import { stubbedPackageKey } from './docusaurusConfig.js';

/**
 * The stand-in module: a function that returns itself when called or constructed and for any property, so
 * `require('x').themes.github` and `remarkPlugin()` both work; it is not a promise, and it iterates as empty. Its
 * prototype answers the same, so that esbuild's ES-module view of it (an object inheriting from it) has every name:
 * `import { themes } from 'x'`.
 */
function stubModuleSource(name: string): string {
  return `const name = ${JSON.stringify(name)};
const lookup = (key) => {
  if (key === Symbol.for(${JSON.stringify(stubbedPackageKey)})) return name;
  if (key === Symbol.toPrimitive || key === 'toString' || key === 'valueOf') return () => '';
  if (key === Symbol.iterator) return function* () {};
  if (key === 'then' || key === '__esModule' || typeof key === 'symbol') return undefined;
  return stub;
};
const inherited = new Proxy(Object.create(null), { get: (_, key) => lookup(key) });
const stub = new Proxy(function () {}, {
  get: (target, key) => (key === 'prototype' ? target.prototype : lookup(key)),
  getPrototypeOf: () => inherited,
  apply: () => stub,
  construct: () => stub,
});
module.exports = stub;
`;
}

/** esbuild options for a Docusaurus config: site packages, stand-ins, and `require`/`__dirname` as in CommonJS. */
export function docusaurusSiteBuild(file: string, stubbed: Set<string>): BuildOptions {
  const dir = path.dirname(file);
  return {
    plugins: [siteModules(stubbed)],
    // The bundle runs from the engine's cache: `require`, `require.resolve` and `__dirname` must still mean the site.
    banner: { js: requireBanner(file) },
    define: {
      __dirname: JSON.stringify(dir),
      __filename: JSON.stringify(file),
      'import.meta.url': JSON.stringify(pathToFileURL(file).href),
      'import.meta.dirname': JSON.stringify(dir),
      'import.meta.filename': JSON.stringify(file),
    },
  };
}

/**
 * `require` bound to the config file; its `resolve` does not throw (`customCss: require.resolve('./custom.css')`
 * for a file the folder lacks, or an uninstalled preset): it gives the path or name as written.
 */
function requireBanner(file: string): string {
  return `import { createRequire as __wikiCreateRequire } from 'node:module';
import { resolve as __wikiResolvePath } from 'node:path';
const __wikiRequire = __wikiCreateRequire(${JSON.stringify(file)});
const require = Object.assign((id) => __wikiRequire(id), {
  cache: __wikiRequire.cache,
  resolve(id, options) {
    try {
      return __wikiRequire.resolve(id, options);
    } catch {
      return id.startsWith('.') ? __wikiResolvePath(${JSON.stringify(path.dirname(file))}, id) : id;
    }
  },
});`;
}

const builtins = new Set(builtinModules);

/** Resolves each package import from the site's folder (one not there becomes a stand-in, named in `stubbed`); reads its .js files. */
function siteModules(stubbed: Set<string>): Plugin {
  return {
    name: 'docusaurus-site-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'resolving' || path.isAbsolute(args.path)) return undefined;
        if (args.path.startsWith('node:') || builtins.has(args.path.split('/')[0]!)) return { external: true };
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'resolving',
        });
        if (found.errors.length === 0 && found.path) return { path: found.path, external: true };
        const name = packageName(args.path);
        stubbed.add(name);
        return { path: name, namespace: 'wiki-stub' };
      });
      // A site's .js files are CommonJS or ES modules by their content, as Docusaurus loads them, whatever the
      // "type" of the package.json above them (esbuild would take `module.exports` in a "type": "module" package
      // for a global): read outside the file namespace, they are judged by their content alone.
      build.onResolve({ filter: /\.js$/ }, (args) => {
        if (!(args.kind === 'entry-point' || /^\.\.?\//.test(args.path)) || args.resolveDir.includes('node_modules'))
          return undefined;
        return { path: path.resolve(args.resolveDir, args.path), namespace: 'wiki-site-file' };
      });
      build.onLoad({ filter: /.*/, namespace: 'wiki-site-file' }, async (args) => ({
        contents: await fs.readFile(args.path, 'utf8'),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
      build.onLoad({ filter: /.*/, namespace: 'wiki-stub' }, (args) => ({
        contents: stubModuleSource(args.path),
        loader: 'js',
      }));
    },
  };
}

/** `@scope/name/deep/path` -> `@scope/name`; `name/deep` -> `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** One warning per package replaced by a stand-in. */
export function describeStubs(
  stubbed: ReadonlySet<string>,
  configPath: string,
  siteDir: string,
): { code: string; file: string; message: string; hint: string }[] {
  return [...stubbed].sort().map((name) => ({
    code: 'config-package-missing',
    file: configPath,
    message: `The config imports "${name}", which is not installed for this site (not in ${path.join(siteDir, 'node_modules')}/): a stand-in was used, so what the config takes from it is empty.`,
    hint: `Nothing to do if it only serves options listed as ignored (plugins, code themes); otherwise run \`npm install\` in ${siteDir === '.' ? 'the site folder' : siteDir}.`,
  }));
}

/** The one warning that lists every Docusaurus option this engine does not support. */
export function describeIgnored(
  ignored: readonly string[],
  configPath: string,
): { code: string; file: string; message: string; hint: string } {
  const count = ignored.length === 1 ? '1 option' : `${ignored.length} options`;
  return {
    code: 'config-ignored',
    file: configPath,
    message: `${count} of this Docusaurus config ${ignored.length === 1 ? 'has' : 'have'} no equivalent here and ${ignored.length === 1 ? 'was' : 'were'} ignored:\n${ignored.map((option) => `      - ${option}`).join('\n')}`,
    hint: 'The site builds without them. Nothing to do unless one matters to you: the README says what is supported.',
  };
}

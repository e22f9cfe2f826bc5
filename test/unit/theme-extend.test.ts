/**
 * The pure parts of extending a site: page routes, `@theme/` resolution, the bundle-time inlining of the engine's
 * strings, and the developer error of a hook used outside its provider.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { build } from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Footer } from '@theme/Footer';
import { createBuildContext } from '../../src/node/context.js';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { extractTranslations } from '../../src/node/i18n/extract.js';
import { listTranslatableFiles } from '../../src/node/i18n/translations.js';
import { scanCustomPages } from '../../src/node/resolve/customPages.js';
import { inlineTranslations } from '../../src/node/theme/inlineTranslations.js';
import { engineThemeDir, themeAliasPlugin } from '../../src/node/theme/themeAlias.js';
import { serverCssLoaders } from '../../src/node/theme/siteCss.js';
import { useThemeContext } from '../../src/theme/ThemeContext/index.js';
import { fixturesDir, repoRoot } from '../helpers/cli.js';

describe('custom page routes', () => {
  it('follow the rules of notes: index files and folder-named files get the folder route, `_` paths are helpers', () => {
    // pages/: now.tsx, index.tsx, about/index.tsx, blog/blog.jsx, 02-later.tsx, talks/2024.tsx, _parts/Counter.tsx,
    // lib/_helper.tsx, notes.md, data.ts.
    const siteDir = path.join(fixturesDir, 'custom-page-routes');
    const context = createBuildContext({
      config: validateConfig({ title: 'T', url: 'https://example.com' }, 'test'),
      siteDir,
    });
    const routes = scanCustomPages(context, () => new Map([['/now', 'docs/now.md']])).map((page) => [
      path.relative(path.join(siteDir, 'pages'), page.filePath),
      page.route,
    ]);
    assert.deepEqual(routes, [
      ['02-later.tsx', '/later'],
      ['about/index.tsx', '/about/'],
      ['blog/blog.jsx', '/blog/'],
      ['index.tsx', '/'],
      ['talks/2024.tsx', '/talks/2024'],
    ]);
    assert.deepEqual(
      context.diagnostics.items.map((d) => [d.code, d.message]),
      [
        [
          'duplicate-route',
          `Duplicate route "/now": claimed by docs/now.md and ${context.displayPath(path.join(siteDir, 'pages/now.tsx'))}; only docs/now.md is served there.`,
        ],
      ],
    );
  });
});

describe('@theme/ resolution (the esbuild plugin of both bundles)', () => {
  async function inputsOf(contents: string, overrides: ReadonlyMap<'Footer', string>): Promise<string[]> {
    const result = await build({
      stdin: { contents, resolveDir: repoRoot, loader: 'tsx' },
      bundle: true,
      write: false,
      format: 'esm',
      packages: 'external',
      jsx: 'automatic',
      metafile: true,
      logLevel: 'silent',
      loader: serverCssLoaders,
      plugins: [themeAliasPlugin(overrides)],
    });
    return Object.keys(result.metafile.inputs)
      .filter((file) => file.includes('Footer') && /\.tsx?$/.test(file))
      .sort();
  }
  const override = path.join(fixturesDir, 'ext-site/theme/Footer.tsx');

  it("takes the site's override for @theme/X, which gets the engine's through @theme-original/X", async () => {
    assert.deepEqual(await inputsOf("export { Footer } from '@theme/Footer';", new Map([['Footer', override]])), [
      'src/theme/Footer/index.tsx',
      'test/fixtures/ext-site/theme/Footer.tsx',
    ]);
  });

  it("takes the engine's without an override, and always for @theme-original/X", async () => {
    assert.deepEqual(await inputsOf("export { Footer } from '@theme/Footer';", new Map()), [
      'src/theme/Footer/index.tsx',
    ]);
    assert.deepEqual(
      await inputsOf("export { Footer } from '@theme-original/Footer';", new Map([['Footer', override]])),
      ['src/theme/Footer/index.tsx'],
    );
  });

  it('names the valid modules for an unknown one', async () => {
    await assert.rejects(
      inputsOf("export { Foo } from '@theme/Foo';", new Map()),
      (error: { errors: Array<{ text: string; notes: Array<{ text: string }> }> }) => {
        assert.equal(error.errors[0]!.text, 'There is no theme module "@theme/Foo".');
        assert.match(
          error.errors[0]!.notes[0]!.text,
          /^Use one of @theme\/AnnouncementBar, .*@theme\/Footer, .*or @theme\/ThemeContext, @theme\/Translate/,
        );
        return true;
      },
    );
  });
});

describe('inlining the engine strings at bundle time', () => {
  const source = [
    "const label = t({ id: 'theme.a', message: 'Alpha', description: 'Says alpha' });",
    "const other = t({ id: 'theme.b', message: \"Beta's\" });",
    "const counted = t({ id: 'theme.c', message: 'Seen {count} times' }, { count });",
    '<h1>',
    '  <Translate id="theme.d" description="A heading">',
    '    Page Not',
    '    Found',
    '  </Translate>',
    '</h1>',
  ].join('\n');

  it('replaces each declaration with its text (the override when there is one), keeping calls that take values', () => {
    const { code, count } = inlineTranslations(source, { 'theme.b': 'Bêta', 'theme.c': 'Vu {count} fois' });
    assert.equal(count, 4);
    assert.equal(
      code,
      [
        'const label = "Alpha";',
        'const other = "Bêta";',
        'const counted = t({ message: "Vu {count} fois" }, { count });',
        '<h1>',
        '  {"Page Not Found"}',
        '</h1>',
      ].join('\n'),
    );
  });

  it('leaves a declaration written another way to the runtime', () => {
    const dynamic = 't({ message: `Hi ${name}`, id: "x" })';
    assert.deepEqual(inlineTranslations(dynamic, {}), { code: dynamic, count: 0 });
  });

  it('covers every declaration of the engine (theme and search UI)', () => {
    // A site without theme overrides: only the engine's files.
    const engineFiles = listTranslatableFiles(path.join(fixturesDir, 'basic')).filter((file) =>
      file.startsWith(path.dirname(engineThemeDir)),
    );
    assert.ok(engineFiles.length > 20);
    let total = 0;
    for (const file of engineFiles) {
      const declared = extractTranslations([file], (f) => f).entries.length;
      assert.equal(
        inlineTranslations(fs.readFileSync(file, 'utf8'), {}).count,
        declared,
        path.relative(repoRoot, file),
      );
      total += declared;
    }
    assert.ok(total >= 60, `${total} declarations`);
  });
});

describe('hooks outside their provider', () => {
  function Probe() {
    return createElement('p', null, useThemeContext().site.title);
  }

  it('throw a developer error naming the hook and the provider', () => {
    const message =
      /Hook useThemeContext is called outside the <ThemeContextProvider>\. Render theme components inside <App>/;
    assert.throws(() => renderToString(createElement(Probe)), message);
    // A theme component reached through @theme/ (tsconfig paths) outside App fails the same way.
    assert.throws(() => renderToString(createElement(Footer)), message);
  });
});

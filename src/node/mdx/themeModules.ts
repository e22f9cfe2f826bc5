/**
 * The `@theme/...` and `@docusaurus/...` modules an MDX note may import, with their named exports besides the
 * default one. src/theme/MdxComponents/index.ts implements exactly these (a unit test holds the two lists equal).
 */
import { enginePath } from '../engineRoot.js';

export const MDX_THEME_MODULES: Readonly<Record<string, readonly string[]>> = {
  '@theme/Tabs': [],
  '@theme/TabItem': [],
  '@theme/Admonition': [],
  '@theme/CodeBlock': [],
  '@theme/Details': [],
  '@theme/TOCInline': [],
  '@theme/DocCardList': [],
  '@theme/Heading': [],
  '@theme/MDXComponents': [],
  '@docusaurus/Link': [],
  '@docusaurus/useBaseUrl': ['useBaseUrlUtils'],
  '@docusaurus/useIsBrowser': [],
  '@docusaurus/useDocusaurusContext': [],
  '@docusaurus/BrowserOnly': [],
  '@docusaurus/Translate': ['translate'],
};

export function isMdxThemeModule(specifier: string): boolean {
  return Object.hasOwn(MDX_THEME_MODULES, specifier);
}

/** An ES module re-exporting one entry of the theme's map (so a note's `import Tabs from '@theme/Tabs'` is typed JS). */
export function mdxThemeModuleSource(specifier: string): string {
  const index = enginePath('src/theme/MdxComponents/index.ts');
  const named = MDX_THEME_MODULES[specifier] ?? [];
  return [
    `import { themeModules } from ${JSON.stringify(index)};`,
    `const module = themeModules[${JSON.stringify(specifier)}];`,
    `export default module.default;`,
    ...named.map((name) => `export const ${name} = module.${name};`),
  ].join('\n');
}

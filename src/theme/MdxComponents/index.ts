/**
 * The modules MDX notes import from `@theme/...` and `@docusaurus/...`, keyed by import path: the MDX build resolves
 * those imports here. Each renders at build time inside MdxPageContext (context.ts).
 */
import { Admonition } from './Admonition.js';
import { CodeBlock } from './CodeBlock.js';
import { Details } from './Details.js';
import { DocCardList } from './DocCardList.js';
import {
  BrowserOnly,
  Link,
  translate,
  Translate,
  useBaseUrl,
  useBaseUrlUtils,
  useDocusaurusContext,
  useIsBrowser,
} from './docusaurus.js';
import { Heading } from './Heading.js';
import { MDXComponents } from './MDXComponents.js';
import { TabItem, Tabs } from './Tabs.js';
import { TOCInline } from './TOCInline.js';

export { MdxPageContext, type MdxPage, type MdxSiteConfig } from './context.js';

export const themeModules: Record<string, Record<string, unknown>> = {
  '@theme/Tabs': { default: Tabs },
  '@theme/TabItem': { default: TabItem },
  '@theme/Admonition': { default: Admonition },
  '@theme/CodeBlock': { default: CodeBlock },
  '@theme/Details': { default: Details },
  '@theme/TOCInline': { default: TOCInline },
  '@theme/DocCardList': { default: DocCardList },
  '@theme/Heading': { default: Heading },
  '@theme/MDXComponents': { default: MDXComponents },
  '@docusaurus/Link': { default: Link },
  '@docusaurus/useBaseUrl': { default: useBaseUrl, useBaseUrlUtils },
  '@docusaurus/useDocusaurusContext': { default: useDocusaurusContext },
  '@docusaurus/useIsBrowser': { default: useIsBrowser },
  '@docusaurus/BrowserOnly': { default: BrowserOnly },
  '@docusaurus/Translate': { default: Translate, translate },
};

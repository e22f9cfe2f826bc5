import crypto from 'node:crypto';
import type { RuntimeSettings } from '../../shared/runtime.js';
import type { CustomPageModel, SidebarItem, SpecialPageModel } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import { buildSearchRuntime } from '../search/index.js';

export interface RuntimeFilesInput {
  readonly config: SiteConfig;
  readonly sidebar: readonly SidebarItem[];
  readonly specialPages: readonly (SpecialPageModel | CustomPageModel)[];
}

export interface RuntimeFiles {
  /** The `runtime` object of every page's boot script. */
  readonly runtime: RuntimeSettings;
  /** Site-relative path -> JSON text: the full sidebar and one file per top-level category. */
  readonly files: ReadonlyMap<string, string>;
}

/**
 * The browser runtime's settings and the sidebar files it loads: the whole tree (about 17 KB gzipped on the corpus)
 * and each top-level category on its own (at most about 2 KB), so a navigation fetches only the branch it shows.
 */
export function buildRuntimeFiles(input: RuntimeFilesInput): RuntimeFiles {
  const { config, sidebar } = input;
  const base = config.baseUrl;
  const sidebarJson = JSON.stringify(sidebar);
  const name = `sidebar-${crypto.createHash('sha256').update(sidebarJson).digest('hex').slice(0, 10)}`;
  const files = new Map<string, string>([[`assets/${name}.json`, sidebarJson]]);
  sidebar.forEach((item, index) => {
    if (item.type === 'category') files.set(`assets/${name}/${index}.json`, JSON.stringify(item));
  });
  const { trackingID, anonymizeIP } = config.analytics;
  const runtime: RuntimeSettings = {
    baseUrl: base,
    sidebarUrl: `${base}assets/${name}.json`,
    sidebarBranchUrl: `${base}assets/${name}/`,
    dataUrl: `${base}__data/`,
    // Custom pages too: their code is not in the entry, so going there is a normal page load.
    fullPageRoutes: input.specialPages.filter((page) => page.kind !== 'notFound').map((page) => page.route),
    ...(trackingID !== '' && { analytics: { trackingID, anonymizeIP } }),
    search: buildSearchRuntime(config),
  };
  return { runtime, files };
}

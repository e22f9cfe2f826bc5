import crypto from 'node:crypto';
import type { RuntimeSettings } from '../../shared/runtime.js';
import type { CustomPageModel, SidebarItem, SpecialPageModel } from '../../shared/types.js';
import { sidebarSkeleton } from '../../shared/sidebar.js';
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
  /** Site-relative path -> JSON text: the full sidebar, its top level (the skeleton) and one file per top-level category. */
  readonly files: ReadonlyMap<string, string>;
}

/** Beside the branch files (`<index>.json`), so everything a sidebar is made of shares the hashed folder. */
const SKELETON_FILE = 'top.json';

/**
 * The browser runtime's settings and the sidebar files it loads: the top level (the skeleton every page hydrates from,
 * cached once), and each top-level category on its own (at most about 2 KB gzipped on the corpus), so a page or a
 * navigation fetches only the branch it shows. The whole tree (about 17 KB gzipped) is written too, for tools; the
 * browser never reads it, so the boot data does not name it.
 */
export function buildRuntimeFiles(input: RuntimeFilesInput): RuntimeFiles {
  const { config, sidebar } = input;
  const base = config.baseUrl;
  const sidebarJson = JSON.stringify(sidebar);
  const name = `sidebar-${crypto.createHash('sha256').update(sidebarJson).digest('hex').slice(0, 10)}`;
  const files = new Map<string, string>([
    [`assets/${name}.json`, sidebarJson],
    [`assets/${name}/${SKELETON_FILE}`, JSON.stringify(sidebarSkeleton(sidebar))],
  ]);
  sidebar.forEach((item, index) => {
    if (item.type === 'category') files.set(`assets/${name}/${index}.json`, JSON.stringify(item));
  });
  const { trackingID, anonymizeIP } = config.analytics;
  const runtime: RuntimeSettings = {
    baseUrl: base,
    sidebarBranchUrl: `${base}assets/${name}/`,
    sidebarSkeletonUrl: `${base}assets/${name}/${SKELETON_FILE}`,
    dataUrl: `${base}__data/`,
    // Custom pages too: their code is not in the entry, so going there is a normal page load.
    fullPageRoutes: input.specialPages.filter((page) => page.kind !== 'notFound').map((page) => page.route),
    ...(trackingID !== '' && { analytics: { trackingID, anonymizeIP } }),
    search: buildSearchRuntime(config),
  };
  return { runtime, files };
}

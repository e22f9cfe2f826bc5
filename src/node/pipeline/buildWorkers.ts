/**
 * The build's two workers: the search index worker and the render pool's. `wiki build` boots them as soon as it knows
 * the site must be built, before it loads the pipeline, so that they load their modules on the second core meanwhile
 * (an edit's build waits on the index worker's splice).
 */
import fs from 'node:fs';
import type { BuildContext } from '../context.js';
import { bootSearchIndex, type SearchIndexBoot } from '../search/index.js';
import { cacheFolderOf } from './outputFolder.js';
import { bootRenderPool, type RenderPoolBoot } from './renderPool.js';

export interface BuildWorkers {
  readonly search: SearchIndexBoot;
  readonly pool: RenderPoolBoot;
}

/**
 * Unless `noCache`, the index worker reads the current site's index at once: an edit's build splices it. The render
 * pool's worker starts later, if at all, when the last build's cache is there: most pages are then reused.
 */
export function bootBuildWorkers(context: BuildContext, noCache: boolean): BuildWorkers {
  const incremental = !noCache && fs.existsSync(cacheFolderOf(context.outDir));
  return {
    search: bootSearchIndex(context.config, noCache ? undefined : context.outDir),
    pool: bootRenderPool({ lazy: incremental }),
  };
}

/** Stage 5 of the pipeline: esbuild bundles the page renderer and the browser code, in its own process, while the notes are parsed. */
import { enginePath, engineRoot } from '../engineRoot.js';
import { formatBuildErrors, loadRenderer, type PageRenderer, type SiteExtensions } from '../render/loadRenderer.js';
import { collectThemeCss } from '../render/themeCss.js';
import type { BuildContext } from '../context.js';
import { bundleClient, type ClientAssets } from './clientBundle.js';

export interface SiteBundles {
  readonly renderer: PageRenderer;
  readonly client: ClientAssets;
}

/** esbuild bundles the server renderer and the browser code in its own process while the notes are parsed. */
export function startBundles(
  context: BuildContext,
  extensions: SiteExtensions,
  translations: Readonly<Record<string, string>> | undefined,
): Promise<SiteBundles> {
  const renderer = loadRenderer(context, extensions, translations);
  const client = startClientBundle(context, extensions, translations);
  for (const job of [renderer, client]) job.catch(() => undefined); // awaited later; a rejection while parsing must not go unhandled
  // The server bundle's error first when both fail (the same file usually breaks both): not whichever fails sooner.
  return renderer.then(async (loadedRenderer) => ({ renderer: loadedRenderer, client: await client }));
}

/** The browser bundle (theme CSS, the runtime, the site's overrides and pages); 'bundle' times it. */
async function startClientBundle(
  context: BuildContext,
  extensions: SiteExtensions,
  translations: Readonly<Record<string, string>> | undefined,
): Promise<ClientAssets> {
  const started = performance.now();
  const client = await bundleClient({
    css: () => collectThemeCss(enginePath('src/theme')),
    baseUrl: context.config.baseUrl,
    minify: context.mode === 'production',
    extensions,
    translations: translations ?? {},
  }).catch((error: unknown) => {
    // esbuild's messages with file, line and column, as for the server bundle (a stylesheet only this bundle reads).
    throw new Error(
      `Can't bundle the site's theme overrides, pages and stylesheets for the browser:\n${formatBuildErrors(error, context, engineRoot)}`,
    );
  });
  context.timings.set('bundle', performance.now() - started); // in parallel with parsing the notes
  return client;
}

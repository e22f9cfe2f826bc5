/**
 * `wiki dev`: builds the site in memory, serves it, watches the notes, static files and config, and pushes
 * each update to open tabs (Server-Sent Events), which swap the new content in or reload keeping their scroll.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { devClientPath, type DevMessage } from '../../shared/devProtocol.js';
import {
  createHostCheck,
  memoryFile,
  openDiskFile,
  rootSite,
  servedSiteOf,
  startSiteServer,
  type ServedSite,
  type SiteFiles,
} from '../server/index.js';
import { type DevPreview, readSiteFile } from './devSite.js';
import { createLiveEvents } from './liveEvents.js';
import type { SiteConfigSource } from '../config/findConfig.js';
import type { BuildContext } from '../context.js';
import type { SiteConfig } from '../config/schema.js';
import { createDevSession, type DevSession } from './session.js';
import { watchPaths, type Watcher } from './watch.js';
import { buildWorkDone } from '../engineHooks.js';
import { engineRoot } from '../engineRoot.js';
import { esbuild } from '../esbuild.js';

export interface DevServerOptions {
  readonly configPath: string;
  /** Called once, as the first build starts reading the site (and the watcher scanning it beside the build). */
  readonly onStart?: () => void;
  /** Where the config comes from (findSiteConfig); without it, configPath is read. */
  readonly source?: SiteConfigSource;
  readonly docsDir?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Address to listen on (127.0.0.1 by default); requests are answered for localhost names and this one only. */
  readonly host?: string;
  readonly log?: (line: string) => void;
}

export interface DevServer {
  readonly url: string;
  /** Seconds from start to the first page being ready to serve. */
  readonly startupSeconds: number;
  close(): Promise<void>;
}

/** Starts the dev server; resolves once it listens (a failed first build is shown, not thrown). */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const session = createDevSession({
    configPath: options.configPath,
    ...(options.source && { source: options.source }),
    log,
    ...(options.docsDir !== undefined && { docsDir: options.docsDir }),
  });
  let watcher: Watcher | undefined;
  let watched = ''; // the targets the watcher watches (JSON)
  let pending = new Set<string>();
  let serving = false;
  let running = false;
  // The watcher scans the folders while the first build reads them: a change from its first scan on is seen.
  const startWatching = () => {
    if (watcher) return watcher;
    options.onStart?.();
    const targets = session.watchTargets();
    watched = JSON.stringify(targets);
    return (watcher = watchPaths(targets, onChange));
  };
  // Pages are served once the outline and bundles are ready, while the notes are parsed (each asked for meanwhile is
  // parsed first); anything else waits for the parse.
  let previewed = () => {};
  const preview = new Promise<void>((resolve) => (previewed = resolve));
  const starting = session.start(startWatching, () => previewed());
  const [clientScript] = await Promise.all([bundleDevClient(), Promise.race([starting, preview])]);
  const sessionId = randomUUID();
  const events = createLiveEvents(() => ({
    type: 'hello',
    session: sessionId,
    version: session.version,
    problems: session.problems(),
  }));
  const host = options.host ?? '127.0.0.1';
  const server = await startSiteServer({
    files: devSiteFiles(session, starting),
    port: options.port,
    compress: false,
    host,
    // The event stream and pages answer only to localhost names (or the --host one): see hostCheck.ts.
    checkHost: createHostCheck(host),
    site: devServedSite(session),
    handleRequest: (req, res) => events.handle(req, res) || serveScript(req.url, res, clientScript),
  });
  startWatching(); // a config that failed to load: its file alone
  // Not waiting for the watcher's first scan: a change made during it is reported once it is done (watch.ts).
  const startupSeconds = (performance.now() - started) / 1000;
  const early = session.preview;
  // Changes made while the first build ran are applied once it is done.
  void starting.then((ok) => {
    if (early) logParsed(ok);
    if (ok) buildWorkDone(); // what the first build compiled is kept for the next starts (bin/codeCache.mjs)
    rewatchIfMoved(); // the files MDX notes import are known now
    serving = true;
    if (pending.size > 0) void drain();
  });

  function onChange(paths: Set<string>): void {
    for (const filePath of paths) pending.add(filePath);
    if (serving && !running) void drain();
  }

  // One batch at a time; changes made during a rebuild are handled together right after it.
  async function drain(): Promise<void> {
    running = true;
    while (pending.size > 0) {
      const batch = pending;
      pending = new Set();
      try {
        const message: DevMessage | undefined = await session.applyChanges(batch);
        if (message) events.broadcast(message);
      } catch (error) {
        log(`error The dev server failed to apply a change: ${(error as Error).stack ?? String(error)}`);
      }
      rewatchIfMoved();
    }
    running = false;
  }

  // A config edit can move the docs or static folder; an MDX note can import another file.
  function rewatchIfMoved(): void {
    const targets = session.watchTargets();
    if (JSON.stringify(targets) === watched) return;
    watcher?.close();
    watcher = watchPaths(targets, onChange);
    watched = JSON.stringify(targets);
  }

  const served = session.site ?? early;
  const stored = () => (session.storedNotes > 0 ? ` (${session.storedNotes} as the last session rendered them)` : '');
  const stages = (context: BuildContext) =>
    ` (${[...context.timings].map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')})`;
  const docs = served && (path.relative(process.cwd(), served.context.docsDir) || '.');
  const what = served
    ? `${session.site?.notes.length ?? early!.notes} notes from ${docs}${early ? '' : stored()}`
    : 'nothing (the build failed, see above)';
  log(`wiki dev: serving ${what}, ready in ${startupSeconds.toFixed(2)} s${served ? stages(served.context) : ''}`);
  const siteUrl = `${server.url.slice(0, -1)}${served?.context.config.baseUrl ?? '/'}`;
  log(
    `  ${siteUrl.replace('127.0.0.1', 'localhost')}  (watching notes, static files and ${options.configPath}; Ctrl+C to stop)`,
  );

  /** After a start that served before the parse was done: the parse's line, and the tabs told of its problems. */
  function logParsed(ok: boolean): void {
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if (!ok) log(`wiki dev: the build failed (see above), ${seconds} s after the start`);
    else log(`wiki dev: every note parsed, ${seconds} s after the start${stored()}${stages(early!.context)}`);
    if (!ok || session.problems().length > 0) events.broadcast(session.announce(ok ? [] : 'all'));
  }

  return {
    url: server.url,
    startupSeconds,
    async close() {
      watcher?.close();
      events.close();
      if (session.site) session.site.cancelled = true;
      await server.close();
    },
  };
}

/**
 * A file of the preview (null: there is none), or undefined when only the built site can tell, or when its note fails
 * to render (the build then says why).
 */
function readEarly(preview: DevPreview, relPath: string): ReturnType<DevPreview['read']> {
  try {
    return preview.read(relPath);
  } catch {
    return undefined;
  }
}

/**
 * The current config's base path and policy (worked out again only when a rebuild brings a new config): the preview's
 * while the first build parses the notes.
 */
function devServedSite(session: DevSession): () => ServedSite {
  let seen: SiteConfig | undefined;
  let served = rootSite;
  return () => {
    const config = (session.site ?? session.preview)?.context.config;
    if (config !== seen) served = config ? servedSiteOf(config) : rootSite;
    seen = config;
    return served;
  };
}

/**
 * The site's files from memory, static files streamed from disk, and every HTML page with the live-update script.
 * While the first build parses the notes, its preview serves what it can; the rest waits for the build.
 */
function devSiteFiles(session: DevSession, firstBuild: Promise<boolean>): SiteFiles {
  const withDevClient = (relPath: string, contents: string | Uint8Array) =>
    madeFile(relPath, contents, session.version);
  const files: SiteFiles = {
    async open(relPath) {
      const { preview } = session;
      if (preview) {
        const source = preview.copies.get(relPath);
        if (source !== undefined) return openCopy(source);
        const contents = readEarly(preview, relPath);
        if (contents === null) return undefined;
        if (contents !== undefined) return withDevClient(relPath, contents);
        await firstBuild;
        return files.open(relPath);
      }
      const site = session.site;
      if (!site)
        return relPath.endsWith('.html') ? memoryFile(injectDevClient(buildFailedPage, session.version)) : undefined;
      const source = site.copies.get(relPath);
      if (source !== undefined) return openCopy(source);
      const contents = await readSiteFile(site, relPath);
      return contents === undefined ? undefined : withDevClient(relPath, contents);
    },
  };
  return files;
}

/** A static or docs file served as it is, from disk; a symlink is followed (the build publishes what it leads to). */
function openCopy(source: string) {
  return fs
    .realpath(source)
    .then(openDiskFile)
    .catch(() => undefined);
}

/** A file made in memory; an HTML page gets the live-update script, tagged with the build `version` it shows. */
function madeFile(relPath: string, contents: string | Uint8Array, version: number) {
  if (!relPath.endsWith('.html')) return memoryFile(contents);
  const html = typeof contents === 'string' ? contents : new TextDecoder().decode(contents);
  return memoryFile(injectDevClient(html, version));
}

const buildFailedPage =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body><main><h1>The site could not be built</h1><p>The terminal running <code>wiki dev</code> says why. This page reloads once the problem is fixed.</p></main></body></html>\n';

/** Adds the live-update script, tagged with the build version the page shows; like the page's own, at low priority. */
export function injectDevClient(html: string, version: number): string {
  const tag = `<script type="module" src="${devClientPath}" data-wiki-dev-version="${version}" fetchpriority="low"></script>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + tag : `${html.slice(0, end)}${tag}\n${html.slice(end)}`;
}

function serveScript(url: string | undefined, res: ServerResponse, script: string): boolean {
  if ((url ?? '').split('?')[0] !== devClientPath) return false;
  res.writeHead(200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Length': Buffer.byteLength(script),
  });
  res.end(res.req.method === 'HEAD' ? undefined : script);
  return true;
}

/** The browser side of live updates, bundled once per session (a few milliseconds with esbuild). */
async function bundleDevClient(): Promise<string> {
  const result = await esbuild().build({
    entryPoints: [path.join(engineRoot, 'src/client/dev/devClient.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2020',
    write: false,
    tsconfig: path.join(engineRoot, 'src/client/tsconfig.json'),
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * `wiki serve [--dir DIR] [--config FILE] [--port N] [--host HOST]`: serves a built site as it will be hosted, under
 * the config's baseUrl and with the policy its analytics and search need (as `docusaurus serve` reads its config).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/loadConfig.js';
import { directoryFiles } from './siteFiles.js';
import { rootSite, servedSiteOf, type ServedSite } from './sitePolicy.js';
import { startSiteServer } from './staticServer.js';

const DEFAULT_CONFIG = 'wiki.config.ts';

/** The site's serving settings and default folder from its config; without a config, the root and `build/`. */
async function readServedSite(configOption: string | undefined): Promise<{ site: ServedSite; outDir: string }> {
  const configPath = configOption ?? DEFAULT_CONFIG;
  if (configOption === undefined && !fs.existsSync(configPath)) {
    console.log(
      `No ${DEFAULT_CONFIG} here: serving at / with the same-origin policy.\n    Pass --config FILE to serve under the site's baseUrl with the origins its analytics and search need.`,
    );
    return { site: rootSite, outDir: 'build' };
  }
  const config = await loadConfig(configPath);
  const outDir = path.relative(process.cwd(), path.resolve(path.dirname(configPath), config.outDir)) || '.';
  return { site: servedSiteOf(config), outDir };
}

/** Runs until Ctrl+C; returns the exit code (a bad config throws ConfigError, which the CLI reports). */
export async function runServe(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      dir: { type: 'string' },
      config: { type: 'string' },
      port: { type: 'string', default: '3000' },
      host: { type: 'string', default: '127.0.0.1' },
    },
  });
  const { site, outDir } = await readServedSite(values.config);
  const dir = values.dir ?? outDir;
  const root = path.resolve(dir);
  if (!fs.existsSync(path.join(root, 'index.html')) && !fs.existsSync(path.join(root, '404.html'))) {
    console.error(
      `error Nothing to serve in ${dir}: it has no built site.\n    Run \`wiki build\` first (or pass --dir DIR).`,
    );
    return 1;
  }
  const server = await startSiteServer({
    files: directoryFiles(root),
    port: Number(values.port),
    host: values.host,
    site,
  });
  const url = `${server.url.replace('127.0.0.1', 'localhost').slice(0, -1)}${site.baseUrl}`;
  console.log(`Serving ${dir} at ${url} (Ctrl+C to stop)`);
  await new Promise<void>((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve));
  await server.close();
  return 0;
}

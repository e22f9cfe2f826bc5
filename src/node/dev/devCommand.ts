import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { findSiteConfig } from '../config/findConfig.js';
import { startDevServer } from './devServer.js';

/**
 * `wiki dev [--docs DIR] [--config FILE] [--port N] [--host HOST]`: runs until Ctrl+C; returns the exit code.
 * --host is the address to listen on and the one name, besides localhost's, that requests may carry in Host.
 */
export async function runDev(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      docs: { type: 'string' },
      config: { type: 'string' },
      port: { type: 'string', default: '3000' },
      host: { type: 'string', default: '127.0.0.1' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(
      `error --port must be a whole number from 0 to 65535, not "${values.port}".\n    Use e.g. --port 3000 (or --port 0 for any free port).`,
    );
    return 1;
  }
  let server;
  try {
    // --config, else wiki.config.ts or docusaurus.config.* in the site folder, else the neutral default.
    const source = findSiteConfig({
      ...(values.config !== undefined && { config: values.config }),
      ...(values.docs !== undefined && { docs: values.docs }),
    });
    server = await startDevServer({
      configPath: source.configPath,
      source,
      port,
      host: values.host,
      ...(values.docs !== undefined && { docsDir: values.docs }),
      // A session lives for hours and rebuilds on every save, so its heap grows by a fifth between full collections
      // instead of by V8's own factor (up to fourfold): its peak stays near its size after start. Set as the first
      // build starts: the watcher scans beside it, and with the flag set only once serving, two runs in five ended
      // 100-170 MiB larger (bench/README.md). The build parses a little slower so.
      onStart: () => v8.setFlagsFromString('--heap-growing-percent=20'),
    });
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    console.error(`error ${(error as Error).message}${cause ? ` (${cause.message})` : ''}`);
    return 1;
  }
  await new Promise<void>((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve));
  // A stopped dev server leaves nothing running: a rebuild or watcher still in flight must not keep the process.
  await Promise.race([server.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);
  process.exit(0);
}

/** How long Ctrl+C waits for open requests and the watcher to close before the process ends anyway. */
const CLOSE_TIMEOUT_MS = 3000;

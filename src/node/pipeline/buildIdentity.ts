import fs from 'node:fs';
import path from 'node:path';
import type { BuildContext } from '../context.js';

/**
 * What every note and page of a build is made with besides its own inputs: the engine, config and folders. The build
 * cache's key, and part of the up-to-date stamp (which the CLI takes before it loads the pipeline).
 */
export function buildIdentity(context: BuildContext): string[] {
  const configFile = path.resolve(context.siteDir, context.configPath);
  const configText = fs.existsSync(configFile) ? fs.readFileSync(configFile, 'utf8') : '';
  // The engine's bundle is named by the hash of its sources: its URL changes with any of them.
  return [import.meta.url, configText, JSON.stringify(context.config), context.docsDir, context.mode];
}

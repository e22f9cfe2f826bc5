/** The `wiki search-push` command: load the notes, build their records, upload them to the hosted engine. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBuildContext } from '../context.js';
import { loadSite } from '../pipeline/pipeline.js';
import { loadConfig } from '../config/loadConfig.js';
import { pushRecords, resolvePushTarget } from './push.js';
import { buildSearchRecords } from './records.js';

/** Returns the exit code; problems the user can fix are printed with the fix. */
export async function runSearchPush(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({ args: [...args], options: { docs: { type: 'string' }, config: { type: 'string' } } });
  const configPath = values.config ?? 'wiki.config.ts';
  const config = await loadConfig(configPath);
  let target;
  try {
    target = resolvePushTarget(config, env);
  } catch (error) {
    console.error(`error ${(error as Error).message}`);
    return 1;
  }
  const context = createBuildContext({
    config,
    siteDir: path.dirname(path.resolve(configPath)),
    configPath,
    ...(values.docs && { docsDir: values.docs }),
  });
  const site = await loadSite(context);
  const records = buildSearchRecords({
    docs: site.notes,
    pages: site.notePages,
    urlPrefix: `${config.url.replace(/\/$/, '')}${config.baseUrl}`,
  });
  try {
    const summary = await pushRecords(target, records);
    console.log(
      `Pushed ${summary.records} records of ${site.notes.length} notes to ${summary.provider} index "${summary.indexName}".`,
    );
    return 0;
  } catch (error) {
    console.error(
      `error Search push failed: ${(error as Error).message}\n    Check search.host/appId/indexName and the admin key, then run wiki search-push again.`,
    );
    return 1;
  }
}

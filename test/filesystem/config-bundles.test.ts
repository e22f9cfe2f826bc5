/**
 * A config's bundle is imported again without esbuild while every file it was made from keeps its stamp
 * (config/configBundles.ts); an edit to the config or to a file it imports makes a new bundle, and a bundle made from
 * a file changed too recently for its stamp to tell a second edit is not recorded.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundledBefore } from '../../src/node/config/configBundles.js';
import { loadConfig } from '../../src/node/config/loadConfig.js';
import { makeTempDir, runWiki } from '../helpers/cli.js';

/** A site whose config takes its title from an imported file. */
function makeConfigSite(title: string): { config: string; imported: string } {
  const site = makeTempDir('wiki-config-bundles-');
  const config = path.join(site, 'wiki.config.ts');
  const imported = path.join(site, 'title.ts');
  fs.writeFileSync(imported, `export const title = ${JSON.stringify(title)};\n`);
  fs.writeFileSync(
    config,
    "import { title } from './title.js';\nexport default { title, url: 'https://bundles.example.com' };\n",
  );
  return { config, imported };
}

describe("a config's bundle across builds", () => {
  const sites = new Map<string, { config: string; imported: string }>();
  before(async () => {
    for (const title of ['Kept', 'Imported', 'Config']) sites.set(title, makeConfigSite(title));
    await sleep(2100); // bundleCache.mjs isSettled: a file must have changed 2 s before it is stamped
  });

  it('is imported again by the next build while its files keep their stamps', async () => {
    const { config } = sites.get('Kept')!;
    fs.mkdirSync(path.join(path.dirname(config), 'docs'));
    fs.writeFileSync(path.join(path.dirname(config), 'docs/intro.md'), '# Intro\n');
    const build = () => runWiki(['build', '--config', config]);
    assert.match((await build()).stdout, /^Building Kept from/m);
    // The next build (a new process) shows the bundle as it now is: it was not made again.
    const recorded = bundledBefore(config);
    assert.ok(recorded, 'the bundle and the files it was made from are recorded');
    assert.ok(recorded.inputs.includes(config), recorded.inputs.join(', '));
    const { bundle } = recorded;
    fs.writeFileSync(bundle, fs.readFileSync(bundle, 'utf8').replace('Kept', 'Read from the cache'));
    assert.match((await build()).stdout, /^Building Read from the cache from/m);
  });

  it('is made again when a file the config imports changes', async () => {
    const { config, imported } = sites.get('Imported')!;
    await loadConfig(config);
    assert.ok(bundledBefore(config));
    fs.writeFileSync(imported, 'export const title = "Edited";\n');
    assert.equal(bundledBefore(config), undefined);
    assert.equal((await loadConfig(config)).title, 'Edited');
  });

  it('is made again when the config changes', async () => {
    const { config } = sites.get('Config')!;
    await loadConfig(config);
    assert.ok(bundledBefore(config));
    fs.writeFileSync(config, "export default { title: 'Rewritten', url: 'https://bundles.example.com' };\n");
    assert.equal(bundledBefore(config), undefined);
    assert.equal((await loadConfig(config)).title, 'Rewritten');
  });

  it('is not recorded while a file it was made from has just changed', async () => {
    const { config } = makeConfigSite('Just written'); // its stamp could hide a second edit within the same tick
    assert.equal((await loadConfig(config)).title, 'Just written');
    assert.equal(bundledBefore(config), undefined);
  });
});

/**
 * `wiki dev` answers only to localhost names (DNS rebinding defence): a real dev server over loopback, whose pages and
 * event stream refuse a foreign Host with 403 and say how to allow it (the check's table: unit/server-host.test.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { devEventsPath } from '../../src/shared/devProtocol.js';
import { startDevServer, type DevServer } from '../../src/node/dev/devServer.js';
import { fixturesDir, makeTempDir } from '../helpers/cli.js';

function send(
  url: string,
  rawPath: string,
  host: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, headers: { Host: host }, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        // The event stream never ends: its first message is enough.
        if (res.headers['content-type']?.startsWith('text/event-stream') && body.includes('"hello"')) req.destroy();
      });
      res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject).end();
  });
}

describe('wiki dev Host header', () => {
  let dev: DevServer;
  before(async () => {
    // A copy: the dev server keeps its rendered notes in the site's work folder (.build.wiki).
    const site = makeTempDir('wiki-dev-host-');
    fs.cpSync(path.join(fixturesDir, 'basic'), site, { recursive: true });
    dev = await startDevServer({ configPath: path.join(site, 'wiki.config.ts'), port: 0, log: () => {} });
  });
  after(() => dev?.close());

  for (const target of ['/', '/guides/setup', devEventsPath]) {
    it(`answers ${target} for localhost and refuses it for a rebinding name`, async () => {
      const port = new URL(dev.url).port;
      const local = await send(dev.url, target, `localhost:${port}`);
      assert.equal(local.status, 200);
      const foreign = await send(dev.url, target, `attacker.example:${port}`);
      assert.equal(foreign.status, 403);
      assert.match(String(foreign.headers['content-type']), /^text\/plain/);
      assert.match(foreign.body, /--host attacker\.example/);
      assert.doesNotMatch(foreign.body, /hello|<h1/);
    });
  }
});

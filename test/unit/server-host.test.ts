/**
 * `wiki dev` answers only to localhost names (DNS rebinding defence): the Host check as a table, then a real dev
 * server over loopback, whose pages and event stream refuse a foreign Host with 403 and say how to allow it.
 */
import assert from 'node:assert/strict';
import { request, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { devEventsPath } from '../../src/shared/devProtocol.js';
import { startDevServer, type DevServer } from '../../src/node/dev/devServer.js';
import { createHostCheck } from '../../src/node/server/index.js';
import { fixturesDir } from '../helpers/cli.js';

describe('createHostCheck', () => {
  const cases: Array<[bind: string, host: string | undefined, allowed: boolean]> = [
    ['127.0.0.1', 'localhost', true],
    ['127.0.0.1', 'localhost:3000', true],
    ['127.0.0.1', 'LOCALHOST:3000', true],
    ['127.0.0.1', 'docs.localhost:3000', true],
    ['127.0.0.1', '127.0.0.1:3000', true],
    ['127.0.0.1', '127.0.0.1', true],
    ['127.0.0.1', '[::1]:3000', true],
    ['127.0.0.1', 'evil.example', false],
    ['127.0.0.1', 'evil.example:3000', false],
    ['127.0.0.1', 'localhost.evil.example', false],
    ['127.0.0.1', 'evil.example#localhost', false],
    ['127.0.0.1', 'localhost@evil.example', false],
    ['127.0.0.1', '192.168.1.5:3000', false],
    ['127.0.0.1', '', false],
    ['127.0.0.1', undefined, false],
    ['mybox.lan', 'mybox.lan:3000', true],
    ['mybox.lan', 'MyBox.lan', true],
    ['mybox.lan', 'localhost:3000', true],
    ['mybox.lan', 'other.lan', false],
    ['192.168.1.5', '192.168.1.5:3000', true],
    ['192.168.1.5', '192.168.1.6:3000', false],
    ['0.0.0.0', '192.168.1.5:3000', true],
    ['0.0.0.0', '[fe80::1]:3000', true],
    ['0.0.0.0', 'evil.example', false],
    ['::', '10.0.0.2', true],
    ['::1', '[::1]:3000', true],
  ];
  for (const [bind, host, allowed] of cases) {
    it(`--host ${bind}: ${allowed ? 'answers' : 'refuses'} Host ${JSON.stringify(host)}`, () => {
      assert.equal(createHostCheck(bind)(host) === undefined, allowed);
    });
  }

  it('says why it refused and how to allow the name', () => {
    const message = createHostCheck('127.0.0.1')('wiki.example:3000')!;
    assert.match(message, /host "wiki\.example:3000"/);
    assert.match(message, /DNS rebinding/);
    assert.match(message, /--host wiki\.example/);
  });
});

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
    // Served in place: the dev server only reads the site folder (its caches go to node_modules/.cache).
    dev = await startDevServer({ configPath: path.join(fixturesDir, 'basic/wiki.config.ts'), port: 0, log: () => {} });
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

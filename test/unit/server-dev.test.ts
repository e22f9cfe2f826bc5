/**
 * The site server features `wiki dev` relies on (request hook, per-page CSP hashes, the event stream) and the
 * exact answer (status and body) to each traversal attempt, over real HTTP against an in-memory site.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { devEventsPath, type DevMessage } from '../../src/shared/devProtocol.js';
import { injectDevClient } from '../../src/node/dev/devServer.js';
import { createLiveEvents } from '../../src/node/dev/liveEvents.js';
import {
  addInlineScriptHashes,
  defaultContentSecurityPolicy,
  memoryFiles,
  startSiteServer,
  type SiteServer,
} from '../../src/node/server/index.js';

const headScript = "(function(){document.documentElement.setAttribute('data-theme','light');})();";
const noteScript = "document.querySelector('article').dataset.ran = 'yes';";
const files = new Map<string, string>([
  [
    'index.html',
    `<!doctype html><html><head><script>${headScript}</script></head><body><h1>Home</h1><script id="boot" type="application/json">{"a":1}</script><script type="module" src="/assets/app.js"></script></body></html>`,
  ],
  [
    'note.html',
    `<!doctype html><html><head><script>${headScript}</script></head><body><article><p>Raw HTML:</p><script>${noteScript}</script></article></body></html>`,
  ],
  ['404.html', '<!doctype html><h1>Lost</h1>'],
  ['assets/app.js', 'export {};'],
  ['secret.txt', 'not a secret: a site file'],
]);

function send(
  server: SiteServer,
  rawPath: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: rawPath, method, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('site server for wiki dev', () => {
  let server: SiteServer;
  const hello: DevMessage = { type: 'hello', session: 's1', version: 7, problems: [] };
  const events = createLiveEvents(() => hello);
  const hookCalls: string[] = [];

  before(async () => {
    server = await startSiteServer({
      files: memoryFiles(files),
      port: 0,
      handleRequest: (req, res) => {
        hookCalls.push(`${req.method} ${req.url}`);
        if (req.url === '/__hook') {
          res.writeHead(200, { 'Content-Type': 'text/plain' }).end('from the hook');
          return true;
        }
        return events.handle(req, res);
      },
    });
  });
  after(async () => {
    events.close();
    await server.close();
  });

  it('lets the hook answer first, and falls through to the site when it declines', async () => {
    const hooked = await send(server, '/__hook');
    assert.equal(hooked.body, 'from the hook');
    assert.equal(hooked.headers['x-content-type-options'], 'nosniff');
    assert.match((await send(server, '/')).body, /<h1>Home<\/h1>/);
  });

  it('never calls the hook for methods other than GET and HEAD', async () => {
    hookCalls.length = 0;
    const res = await send(server, '/__hook', 'POST');
    assert.equal(res.status, 405);
    assert.equal(res.body, 'Method not allowed\n');
    assert.deepEqual(hookCalls, []);
  });

  it("allows exactly the page's own inline scripts by hash, not 'unsafe-inline'", async () => {
    const csp = String((await send(server, '/')).headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    assert.ok(scriptSrc.includes(sha256(headScript)), scriptSrc);
    assert.ok(!scriptSrc.includes('unsafe-inline'));
    assert.equal(
      (await send(server, '/assets/app.js')).headers['content-security-policy'],
      defaultContentSecurityPolicy,
    );
  });

  it("allows a note's own inline <script> too: raw HTML runs as on any static host (sanitising is a build setting)", async () => {
    const csp = String((await send(server, '/note')).headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    assert.ok(scriptSrc.includes(sha256(noteScript)), scriptSrc);
    assert.ok(scriptSrc.includes(sha256(headScript)), scriptSrc);
  });

  it('adds hashes only for inline scripts with a body', () => {
    assert.equal(
      addInlineScriptHashes("script-src 'self'", '<script src="/a.js"></script><script></script>'),
      "script-src 'self'",
    );
    assert.equal(
      addInlineScriptHashes("default-src 'none'", '<script>x()</script>'),
      `default-src 'none'; script-src 'self' ${sha256('x()')}`,
    );
  });

  it('streams hello on connect and every broadcast after it', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url.slice(0, -1)}${devEventsPath}`, { signal: controller.signal });
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await readUntil('"hello"');
    assert.equal(events.clientCount, 1);
    events.broadcast({ type: 'update', version: 8, content: ['/a'], reload: [], problems: [] });
    await readUntil('"version":8');
    const messages = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as DevMessage);
    assert.deepEqual(
      messages.map((m) => [m.type, m.version]),
      [
        ['hello', 7],
        ['update', 8],
      ],
    );
    controller.abort();
  });

  it('sends bodies as they are when compression is off (the dev server: loopback only)', async () => {
    const big = new Map([['index.html', `<!doctype html>${'<p>text</p>'.repeat(500)}`]]);
    const plain = await startSiteServer({ files: memoryFiles(big), port: 0, compress: false });
    try {
      const res = await new Promise<{ encoding: string | undefined; length: number }>((resolve, reject) => {
        request(
          { host: '127.0.0.1', port: plain.port, path: '/', headers: { 'Accept-Encoding': 'br, gzip' }, agent: false },
          (r) => {
            let length = 0;
            r.on('data', (chunk: Buffer) => (length += chunk.byteLength));
            r.on('end', () => resolve({ encoding: r.headers['content-encoding'], length }));
          },
        )
          .on('error', reject)
          .end();
      });
      assert.deepEqual(res, { encoding: undefined, length: big.get('index.html')!.length });
    } finally {
      await plain.close();
    }
  });

  it('injects the live-update script before </body>, tagged with the version', () => {
    assert.equal(
      injectDevClient('<body><p>x</p></body></html>', 3),
      '<body><p>x</p><script type="module" src="/__wiki/dev/client.js" data-wiki-dev-version="3" fetchpriority="low"></script>\n</body></html>',
    );
  });

  // Every attempt to leave the site: the status and the exact body (never a file's contents).
  const attempts: Array<[string, number, RegExp]> = [
    ['/../secret.txt', 400, /^Bad request path\n$/],
    ['/%2e%2e/secret.txt', 400, /^Bad request path\n$/],
    ['/%2E%2E/%2E%2E/etc/passwd', 400, /^Bad request path\n$/],
    ['/a/%2e%2e/%2e%2e/secret.txt', 400, /^Bad request path\n$/],
    ['/..%2fsecret.txt', 400, /^Bad request path\n$/],
    ['/.%2e/secret.txt', 400, /^Bad request path\n$/],
    ['/a%5c..%5c..%5csecret.txt', 400, /^Bad request path\n$/],
    ['/..\\secret.txt', 400, /^Bad request path\n$/],
    ['/%00', 400, /^Bad request path\n$/],
    ['/index.html%00.txt', 400, /^Bad request path\n$/],
    ['//etc/passwd', 400, /^Bad request path\n$/],
    ['/%2fetc%2fpasswd', 400, /^Bad request path\n$/],
    ['/C:%5cWindows%5cwin.ini', 400, /^Bad request path\n$/],
    ['http://127.0.0.1/etc/passwd', 400, /^Bad request path\n$/],
    ['/%zz', 400, /^Bad request path\n$/],
    ['/etc/passwd', 404, /<h1>Lost<\/h1>/],
    [`/${'a'.repeat(3000)}`, 414, /^URI too long\n$/],
  ];
  for (const [target, status, body] of attempts) {
    it(`answers ${target.slice(0, 40)} with ${status}`, async () => {
      const res = await send(server, target);
      assert.equal(res.status, status);
      assert.match(res.body, body);
    });
  }
});

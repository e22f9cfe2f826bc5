/**
 * The site server against a tiny built site in a temp folder, over real HTTP. Raw paths go through
 * http.request because fetch would normalise the `..` segments the traversal cases depend on.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import {
  defaultContentSecurityPolicy,
  directoryFiles,
  memoryFiles,
  startSiteServer,
  type RequestLogEntry,
  type SiteServer,
} from '../../src/node/server/index.js';

const secret = 'TOP-SECRET-7f3a91';
const bigPage = `<!doctype html><h1>B</h1>${'<p>Everything I know about b. </p>'.repeat(60)}`;
const appJs = `export const app = () => ${JSON.stringify('x'.repeat(2000))};\n`;

const siteFiles: Record<string, string | Uint8Array> = {
  'index.html': '<!doctype html><h1>Home</h1>',
  'a/index.html': '<!doctype html><h1>A</h1>',
  'a/b.html': bigPage,
  '404.html': '<!doctype html><h1>Lost</h1>',
  'assets/app-abc123.js': appJs,
  'assets/app.mjs': 'export {};',
  'assets/style-abc.css': 'body{}',
  'data.json': '{}',
  'feed.xml': '<feed/>',
  'icon.svg': '<svg/>',
  'robots.txt': 'User-agent: *',
  'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  'photo.jpg': new Uint8Array([0xff, 0xd8]),
  'anim.gif': 'GIF89a',
  'img.webp': 'RIFF',
  'favicon.ico': new Uint8Array([0, 0, 1, 0]),
  'font.woff2': 'wOF2',
  'mod.wasm': new Uint8Array([0, 0x61, 0x73, 0x6d]),
  'pagefind/pagefind.pf_meta': 'm',
  'pagefind/index/en_1.pf_index': 'i',
  'pagefind/fragment/en_1.pf_fragment': 'f',
};

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends one request with the path exactly as written. */
function send(
  server: SiteServer,
  rawPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: rawPath,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function writeSite(root: string): Promise<void> {
  for (const [relPath, content] of Object.entries(siteFiles)) {
    await mkdir(path.dirname(path.join(root, relPath)), { recursive: true });
    await writeFile(path.join(root, relPath), content);
  }
}

let tempDir: string;
let root: string;
let server: SiteServer;
const logged: RequestLogEntry[] = [];

before(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'wiki-server-'));
  root = path.join(tempDir, 'site');
  await writeSite(root);
  await writeFile(path.join(tempDir, 'secret.txt'), secret);
  await symlink(path.join(tempDir, 'secret.txt'), path.join(root, 'leak.txt'));
  await symlink(tempDir, path.join(root, 'leakdir'));
  await symlink(path.join(root, 'robots.txt'), path.join(root, 'inside-link.txt'));
  server = await startSiteServer({ files: directoryFiles(root), port: 0, onRequest: (entry) => logged.push(entry) });
});

after(async () => {
  await server.close();
  await rm(tempDir, { recursive: true, force: true });
});

describe('routes', () => {
  const cases: Array<[string, string]> = [
    ['/', '<h1>Home</h1>'],
    ['/a/', '<h1>A</h1>'],
    ['/a/b', '<h1>B</h1>'],
    ['/a/b?x=1', '<h1>B</h1>'],
    ['/assets/app-abc123.js', 'export const app'],
    ['/inside-link.txt', 'User-agent'],
  ];
  for (const [url, expected] of cases) {
    it(`serves ${url}`, async () => {
      const res = await send(server, url);
      assert.equal(res.status, 200);
      assert.ok(res.body.toString().includes(expected));
    });
  }

  const redirects: Array<[string, string]> = [
    ['/a', '/a/'],
    ['/a/b/', '/a/b'],
    ['/a/b.html', '/a/b'],
    ['/a/b.html?x=1', '/a/b?x=1'],
    ['/a/b/index.html', '/a/b'],
    ['/a/index.html', '/a/'],
    ['/a/index.html?q=2', '/a/?q=2'],
    ['/a.html', '/a/'],
    ['/index.html', '/'],
    ['/index.html?q', '/?q'],
  ];
  for (const [url, location] of redirects) {
    it(`redirects ${url} to ${location}`, async () => {
      const res = await send(server, url);
      assert.equal(res.status, 301);
      assert.equal(res.headers.location, location);
    });
  }

  for (const url of ['/nope', '/a/nope/', '/nope.html', '/a/b/c']) {
    it(`answers ${url} with the 404 page`, async () => {
      const res = await send(server, url);
      assert.equal(res.status, 404);
      assert.ok(res.body.toString().includes('<h1>Lost</h1>'));
      assert.match(String(res.headers['content-type']), /^text\/html/);
    });
  }

  it('calls onRequest once per request', async () => {
    const before = logged.length;
    await send(server, '/nope');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(logged.length, before + 1);
    assert.deepEqual({ ...logged.at(-1), durationMs: 0 }, { method: 'GET', url: '/nope', status: 404, durationMs: 0 });
  });
});

describe('hardening', () => {
  const attacks = [
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/a/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%00',
    '/a%5c..%5c..%5csecret.txt',
    '//etc/passwd',
    '/leak.txt',
    '/leakdir/secret.txt',
    '/a/../../secret.txt',
    '/.%2e/secret.txt',
    '/%2E%2E/%2E%2E/secret.txt',
    '/C:%5cWindows',
    '/%zz',
    '/%E0%A4%A',
    '/a/./b',
    '/..\\secret.txt',
  ];
  for (const url of attacks) {
    it(`refuses ${url}`, async () => {
      const res = await send(server, url);
      assert.ok(res.status === 400 || res.status === 404, `status ${res.status}`);
      assert.ok(!res.body.toString().includes(secret));
    });
  }

  it('answers over-long URLs with 414', async () => {
    const res = await send(server, `/${'a'.repeat(3000)}`);
    assert.equal(res.status, 414);
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    it(`refuses ${method} with 405 and Allow`, async () => {
      const res = await send(server, '/', { method });
      assert.equal(res.status, 405);
      assert.equal(res.headers.allow, 'GET, HEAD');
    });
  }

  it('never reads outside the root through directoryFiles', async () => {
    const files = directoryFiles(root);
    for (const relPath of [
      '../secret.txt',
      '/etc/passwd',
      'leak.txt',
      'leakdir/secret.txt',
      'a',
      '',
      'a/../../secret.txt',
    ]) {
      assert.equal(await files.open(relPath), undefined, relPath);
    }
    const file = (await files.open('a/index.html'))!;
    try {
      assert.equal((await buffer(file.stream())).toString(), siteFiles['a/index.html']);
    } finally {
      await file.close();
    }
  });

  for (const url of ['/', '/nope', '/%00', '/a']) {
    it(`sends security headers on ${url}`, async () => {
      const res = await send(server, url);
      assert.equal(res.headers['content-security-policy'], defaultContentSecurityPolicy);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    });
  }
});

describe('headers', () => {
  const types: Array<[string, string]> = [
    ['/a/b', 'text/html'],
    ['/assets/style-abc.css', 'text/css'],
    ['/assets/app-abc123.js', 'text/javascript'],
    ['/assets/app.mjs', 'text/javascript'],
    ['/data.json', 'application/json'],
    ['/feed.xml', 'application/xml'],
    ['/icon.svg', 'image/svg+xml'],
    ['/logo.png', 'image/png'],
    ['/photo.jpg', 'image/jpeg'],
    ['/anim.gif', 'image/gif'],
    ['/img.webp', 'image/webp'],
    ['/favicon.ico', 'image/x-icon'],
    ['/font.woff2', 'font/woff2'],
    ['/robots.txt', 'text/plain'],
    ['/mod.wasm', 'application/wasm'],
    ['/pagefind/pagefind.pf_meta', 'application/octet-stream'],
    ['/pagefind/index/en_1.pf_index', 'application/octet-stream'],
    ['/pagefind/fragment/en_1.pf_fragment', 'application/octet-stream'],
  ];
  for (const [url, type] of types) {
    it(`sends ${type} for ${url}`, async () => {
      const res = await send(server, url);
      assert.equal(res.status, 200);
      assert.equal(String(res.headers['content-type']).split(';')[0], type);
    });
  }

  it('caches hashed assets forever and revalidates pages', async () => {
    assert.equal(
      (await send(server, '/assets/app-abc123.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    assert.equal((await send(server, '/a/b')).headers['cache-control'], 'no-cache');
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await send(server, '/a/b');
    assert.ok(first.headers.etag);
    const second = await send(server, '/a/b', { headers: { 'If-None-Match': first.headers.etag } });
    assert.equal(second.status, 304);
    assert.equal(second.body.byteLength, 0);
    const stale = await send(server, '/a/b', { headers: { 'If-None-Match': 'W/"other"' } });
    assert.equal(stale.status, 200);
  });

  it('sends headers only for HEAD', async () => {
    const res = await send(server, '/a/b', { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(Number(res.headers['content-length']), Buffer.byteLength(bigPage));
    assert.equal(res.body.byteLength, 0);
  });

  const encodings: Array<[string, string, (body: Buffer) => Buffer]> = [
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ];
  for (const [accept, encoding, decode] of encodings) {
    it(`compresses with ${encoding} for "${accept}"`, async () => {
      for (const [url, original] of [
        ['/a/b', bigPage],
        ['/assets/app-abc123.js', appJs],
      ] as const) {
        const res = await send(server, url, { headers: { 'Accept-Encoding': accept } });
        assert.equal(res.headers['content-encoding'], encoding);
        assert.equal(res.headers.vary, 'Accept-Encoding');
        assert.equal(decode(res.body).toString(), original);
      }
    });
  }

  it('compresses hashed assets at brotli quality 11 (once for every visitor) and pages at quality 5', async () => {
    const quality = (text: string, level: number) =>
      brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      });
    const asset = await send(server, '/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    assert.deepEqual(asset.body, quality(appJs, 11));
    const page = await send(server, '/a/b', { headers: { 'Accept-Encoding': 'br' } });
    assert.deepEqual(page.body, quality(bigPage, 5));
  });

  it('leaves small, binary or unaccepted bodies alone', async () => {
    for (const [url, accept] of [
      ['/', 'br'],
      ['/logo.png', 'br'],
      ['/a/b', 'identity'],
    ]) {
      const res = await send(server, url!, { headers: { 'Accept-Encoding': accept! } });
      assert.equal(res.headers['content-encoding'], undefined, url);
    }
  });
});

describe('memoryFiles', () => {
  let memoryServer: SiteServer;
  const files = new Map<string, string | Uint8Array>([
    ['index.html', '<h1>Memory home</h1>'],
    ['a/index.html', '<h1>Memory A</h1>'],
    ['a/b.html', bigPage],
    ['assets/app-abc123.js', new TextEncoder().encode(appJs)],
  ]);
  before(async () => {
    memoryServer = await startSiteServer({
      files: memoryFiles(files),
      port: 0,
      contentSecurityPolicy: "default-src 'none'",
    });
  });
  after(() => memoryServer.close());

  it('serves, redirects and 404s like the folder server', async () => {
    assert.ok((await send(memoryServer, '/')).body.toString().includes('Memory home'));
    assert.ok((await send(memoryServer, '/a/')).body.toString().includes('Memory A'));
    assert.equal((await send(memoryServer, '/a')).headers.location, '/a/');
    assert.equal((await send(memoryServer, '/a/b.html')).headers.location, '/a/b');
    const missing = await send(memoryServer, '/nope');
    assert.equal(missing.status, 404);
    assert.match(String(missing.headers['content-type']), /^text\/plain/);
    assert.equal((await send(memoryServer, '/../index.html')).status, 400);
  });

  it('compresses, caches and uses the given CSP', async () => {
    const res = await send(memoryServer, '/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(brotliDecompressSync(res.body).toString(), appJs);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers['content-security-policy'], "default-src 'none'");
  });

  it('sees updates to the map', async () => {
    files.set('new.html', '<h1>New</h1>');
    assert.equal((await send(memoryServer, '/new')).status, 200);
  });
});

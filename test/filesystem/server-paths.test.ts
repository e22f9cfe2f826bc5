/**
 * Names with "%", spaces, control characters and non-ASCII: a route becomes an href (encoded once), the server
 * decodes the request path once and finds the file the build wrote for that route on disk.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asRoute, encodeUrlPath, hrefForRoute, htmlPathForRoute, routeFromPathname } from '../../src/shared/paths.js';
import { directoryFiles, startSiteServer, type SiteServer } from '../../src/node/server/index.js';
import { formatUrlPath, parseRequestTarget } from '../../src/node/server/requestPath.js';

const hrefs: Array<[route: string, href: string]> = [
  ['/', '/'],
  ['/web/nodejs/', '/web/nodejs/'],
  ['/100% done', '/100%25%20done'],
  ['/100%done', '/100%25done'],
  ['/50%25', '/50%2525'],
  ['/tab\tname', '/tab%09name'],
  ['/a\u0001b', '/a%01b'],
  ['/line\nbreak/', '/line%0Abreak/'],
  ['/del\u007f', '/del%7F'],
  ['/über/café', '/%C3%BCber/caf%C3%A9'],
  ['/what?x', '/what%3Fx'],
  ['/what#x', '/what%23x'],
  ['/a;b,c@d:e+f=g&h$i!j', '/a;b,c@d:e+f=g&h$i!j'],
  ['/emoji\u{1F600}', '/emoji%F0%9F%98%80'],
  ['/lone\uD800', '/lone%EF%BF%BD'],
  ['/lone\uDC00low', '/lone%EF%BF%BDlow'],
];

describe('hrefForRoute', () => {
  for (const [route, href] of hrefs) {
    it(`${JSON.stringify(route)} -> ${href}`, () => {
      assert.equal(hrefForRoute(asRoute(route)), href);
    });
  }

  it('puts the base URL in front', () => {
    assert.equal(hrefForRoute(asRoute('/100% done'), '/docs/'), '/docs/100%25%20done');
  });
});

describe('href -> request path -> route round trip', () => {
  for (const [route] of hrefs.filter(([route]) => !route.startsWith('/lone'))) {
    it(`${JSON.stringify(route)} comes back from its href`, () => {
      const href = hrefForRoute(asRoute(route));
      const parsed = parseRequestTarget(href);
      assert.ok(parsed.ok, `the server refused ${href}`);
      const { segments, trailingSlash } = parsed.path;
      assert.equal(segments.length === 0 ? '/' : `/${segments.join('/')}${trailingSlash ? '/' : ''}`, route);
      // A redirect the server sends names the URL the build linked to.
      assert.equal(formatUrlPath(segments, trailingSlash), href);
      // The browser runtime reads the route back from the same URL.
      if (!/[?#]/.test(route)) assert.equal(routeFromPathname(href, '/'), route);
    });
  }

  it('decodes exactly once: %2525 is a file named %25', () => {
    const parsed = parseRequestTarget('/50%2525');
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.path.segments, ['50%25']);
  });

  it('still refuses NUL, encoded slashes and malformed escapes', () => {
    for (const target of ['/a%00b', '/a%2fb', '/a%5cb', '/100%done', '/%E0%A4%A'])
      assert.equal(parseRequestTarget(target).ok, false, target);
  });

  it('encodes a Location so no control character reaches a header', () => {
    assert.equal(encodeUrlPath('/a\r\nSet-Cookie: x'), '/a%0D%0ASet-Cookie:%20x');
  });
});

describe('wiki serve with such names on disk', () => {
  const routes = ['/100% done', '/100%done', '/50%25', '/tab\tname', '/a\u0001b', '/line\nbreak/', '/über/café'];
  let tempDir: string;
  let server: SiteServer;

  before(async () => {
    tempDir = await mkdtemp(path.join(tmpdir(), 'wiki-server-paths-'));
    for (const route of routes) {
      const file = path.join(tempDir, htmlPathForRoute(asRoute(route)));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `<!doctype html><h1>${JSON.stringify(route)}</h1>`);
    }
    server = await startSiteServer({ files: directoryFiles(tempDir), port: 0 });
  });
  after(async () => {
    await server.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  function get(rawPath: string): Promise<{ status: number; location: string | undefined; body: string }> {
    return new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port: server.port, path: rawPath, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      })
        .on('error', reject)
        .end();
    });
  }

  for (const route of routes) {
    it(`serves the page of ${JSON.stringify(route)} at its href`, async () => {
      const res = await get(hrefForRoute(asRoute(route)));
      assert.equal(res.status, 200);
      assert.equal(res.body, `<!doctype html><h1>${JSON.stringify(route)}</h1>`);
    });
  }

  it('redirects a folder page named with a control character to its encoded href', async () => {
    const res = await get('/line%0Abreak');
    assert.equal(res.status, 301);
    assert.equal(res.location, '/line%0Abreak/');
  });
});

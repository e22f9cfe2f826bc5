/**
 * Range requests and ETags of the site server: the parser as a table, then real requests against a folder on disk
 * (206 with Content-Range, 416, If-Range, never a compressed range) and ETags worked out once per file version.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createFileFactsCache } from '../../src/node/server/fileFacts.js';
import { directoryFiles, startSiteServer, type SiteFile, type SiteServer } from '../../src/node/server/index.js';
import { chooseRange, type RangeAnswer } from '../../src/node/server/ranges.js';

describe('chooseRange', () => {
  const etag = '"a-abc"';
  const cases: Array<[string | undefined, string | undefined, number, RangeAnswer]> = [
    [undefined, undefined, 100, { kind: 'whole' }],
    ['bytes=0-9', undefined, 100, { kind: 'partial', range: { start: 0, end: 9 } }],
    ['bytes=90-', undefined, 100, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=90-500', undefined, 100, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-10', undefined, 100, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-500', undefined, 100, { kind: 'partial', range: { start: 0, end: 99 } }],
    ['BYTES=5-5', undefined, 100, { kind: 'partial', range: { start: 5, end: 5 } }],
    ['bytes=100-', undefined, 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', undefined, 100, { kind: 'unsatisfiable' }],
    ['bytes=-5', undefined, 0, { kind: 'unsatisfiable' }],
    ['bytes=9-2', undefined, 100, { kind: 'whole' }],
    ['bytes=-', undefined, 100, { kind: 'whole' }],
    ['bytes=0-1,5-6', undefined, 100, { kind: 'whole' }],
    ['items=0-1', undefined, 100, { kind: 'whole' }],
    ['bytes=0-9', etag, 100, { kind: 'partial', range: { start: 0, end: 9 } }],
    ['bytes=0-9', '"other"', 100, { kind: 'whole' }],
    ['bytes=0-9', `W/${etag}`, 100, { kind: 'whole' }],
    ['bytes=0-9', 'Wed, 21 Oct 2015 07:28:00 GMT', 100, { kind: 'whole' }],
  ];
  for (const [range, ifRange, size, expected] of cases) {
    it(`${range ?? '(no Range)'}${ifRange ? ` If-Range ${ifRange}` : ''} of ${size} bytes`, () => {
      assert.deepEqual(chooseRange({ range, ifRange }, size, etag), expected);
    });
  }
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(
  server: SiteServer,
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: server.port, path: rawPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('range requests', () => {
  const page = `<!doctype html><h1>Ranges</h1>${'<p>0123456789</p>'.repeat(200)}`;
  const video = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
  let tempDir: string;
  let server: SiteServer;

  before(async () => {
    tempDir = await mkdtemp(path.join(tmpdir(), 'wiki-server-ranges-'));
    await writeFile(path.join(tempDir, 'page.html'), page);
    await writeFile(path.join(tempDir, 'clip.mp4'), video);
    await writeFile(path.join(tempDir, 'empty.txt'), '');
    server = await startSiteServer({ files: directoryFiles(tempDir), port: 0 });
  });
  after(async () => {
    await server.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  it('says it accepts byte ranges', async () => {
    assert.equal((await send(server, '/clip.mp4')).headers['accept-ranges'], 'bytes');
  });

  it('answers one range with 206, Content-Range and exactly those bytes', async () => {
    const res = await send(server, '/clip.mp4', { Range: 'bytes=100-199' });
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-range'], 'bytes 100-199/5000');
    assert.equal(res.headers['content-length'], '100');
    assert.deepEqual(res.body, video.subarray(100, 200));
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await send(server, '/clip.mp4', { Range: 'bytes=-10' });
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-range'], 'bytes 4990-4999/5000');
    assert.deepEqual(res.body, video.subarray(4990));
  });

  it('answers a range past the end with 416 and the size', async () => {
    const res = await send(server, '/clip.mp4', { Range: 'bytes=5000-' });
    assert.equal(res.status, 416);
    assert.equal(res.headers['content-range'], 'bytes */5000');
    assert.equal((await send(server, '/empty.txt', { Range: 'bytes=0-' })).status, 416);
  });

  it('serves a range of a page from its stored bytes, never compressed', async () => {
    const res = await send(server, '/page', { Range: 'bytes=0-14', 'Accept-Encoding': 'br, gzip' });
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.body.toString(), '<!doctype html>');
    assert.doesNotMatch(String(res.headers.etag), /^W\//);
  });

  it('honours If-Range with the current ETag and sends the whole file for an old one', async () => {
    const { etag } = (await send(server, '/clip.mp4')).headers;
    assert.match(String(etag), /^"[0-9a-f]+-[\w-]+"$/, 'a strong ETag, which If-Range needs');
    const current = await send(server, '/clip.mp4', { Range: 'bytes=0-9', 'If-Range': String(etag) });
    assert.equal(current.status, 206);
    const old = await send(server, '/clip.mp4', { Range: 'bytes=0-9', 'If-Range': '"1388-old"' });
    assert.equal(old.status, 200);
    assert.equal(old.body.byteLength, 5000);
  });

  it('puts a matching If-None-Match before the range (304)', async () => {
    const { etag } = (await send(server, '/clip.mp4')).headers;
    assert.equal((await send(server, '/clip.mp4', { Range: 'bytes=0-9', 'If-None-Match': String(etag) })).status, 304);
  });

  it('ignores Range on HEAD and on the 404 page', async () => {
    assert.equal((await send(server, '/clip.mp4', { Range: 'bytes=0-9' }, 'HEAD')).status, 200);
    assert.equal((await send(server, '/nope', { Range: 'bytes=0-9' })).status, 404);
  });

  it('gives a compressed copy the weak form of the tag, and a 304 to either form', async () => {
    const plain = await send(server, '/page');
    const compressed = await send(server, '/page', { 'Accept-Encoding': 'gzip' });
    assert.equal(compressed.headers['content-encoding'], 'gzip');
    assert.equal(compressed.headers.etag, `W/${plain.headers.etag}`);
    assert.equal((await send(server, '/page', { 'If-None-Match': String(compressed.headers.etag) })).status, 304);
  });

  it('changes the ETag when the file changes on disk', async () => {
    const before = (await send(server, '/page')).headers.etag;
    await writeFile(path.join(tempDir, 'page.html'), page.replace('Ranges', 'Changed'));
    const after = (await send(server, '/page')).headers.etag;
    assert.notEqual(after, before);
  });
});

describe('file facts cache', () => {
  /** A file that counts how often it is read whole. */
  function countingFile(version: string, reads: { count: number }): SiteFile {
    const bytes = Buffer.from('<script>x()</script>');
    return {
      size: bytes.byteLength,
      version,
      stream() {
        reads.count++;
        return Readable.from([bytes], { objectMode: false });
      },
      close: async () => {},
    };
  }

  it('reads a file once per version, however many requests ask, and again when its version changes', async () => {
    const facts = createFileFactsCache();
    const reads = { count: 0 };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => facts.get('a.html', countingFile('v1', reads), { hashScripts: true })),
    );
    assert.equal(reads.count, 1);
    assert.equal(new Set(results.map((r) => r.etag)).size, 1);
    assert.equal(results[0]!.scriptHashes.length, 1);
    await facts.get('a.html', countingFile('v1', reads), { hashScripts: true });
    assert.equal(reads.count, 1);
    await facts.get('a.html', countingFile('v2', reads), { hashScripts: true });
    assert.equal(reads.count, 2);
  });

  it('keeps at most maxEntries versions', async () => {
    const facts = createFileFactsCache(2);
    const reads = { count: 0 };
    for (const version of ['1', '2', '3', '1'])
      await facts.get('a.txt', countingFile(version, reads), { hashScripts: false });
    assert.equal(reads.count, 4, 'version 1 was dropped to keep two entries, so it is read again');
  });

  it('keys disk files by size and mtime, not by reading them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wiki-server-facts-'));
    try {
      await writeFile(path.join(dir, 'a.txt'), 'one');
      const files = directoryFiles(dir);
      const first = (await files.open('a.txt'))!;
      const same = (await files.open('a.txt'))!;
      await Promise.all([first.close(), same.close()]);
      assert.equal(first.version, same.version);
      await utimes(path.join(dir, 'a.txt'), new Date(), new Date(Date.now() + 5000));
      const touched = (await files.open('a.txt'))!;
      await touched.close();
      assert.notEqual(touched.version, first.version);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

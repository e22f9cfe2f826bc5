/**
 * The site server's answers: plain text, redirects, and files with their caching, conditional-request, range and
 * compression headers. Files are streamed from where they are (disk or memory), never copied whole per request.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { CompressionCache } from './compression.js';
import type { FileFactsCache } from './fileFacts.js';
import {
  addScriptSources,
  chooseEncoding,
  getCacheControl,
  getContentType,
  isCompressible,
  matchesEtag,
  weakEtag,
} from './headers.js';
import { chooseRange, formatContentRange } from './ranges.js';
import type { ByteRange, SiteFile } from './siteFiles.js';

/** What sending a file needs from the server; built once in startSiteServer. */
export interface FileContext {
  facts: FileFactsCache;
  compression: CompressionCache | undefined;
  /** The policy each page's inline script hashes are added to; undefined keeps a caller's own policy as it is. */
  hashedPolicy: string | undefined;
}

export interface FileToSend {
  status: 200 | 404;
  relPath: string;
  file: SiteFile;
}

const textType = 'text/plain; charset=utf-8';

export function sendText(res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
  const body = Buffer.from(`${text}\n`);
  res.writeHead(status, {
    ...headers,
    'Content-Type': textType,
    'Content-Length': body.byteLength,
    'Cache-Control': 'no-cache',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** A permanent redirect (a page's one canonical address), or 302 for one that may change (the base path). */
export function sendRedirect(res: ServerResponse, location: string, status: 301 | 302 = 301): void {
  // no-cache keeps browsers from remembering a 301 forever while the site is being edited.
  res.writeHead(status, { Location: location, 'Cache-Control': 'no-cache', 'Content-Length': 0 });
  res.end();
}

// How a stream fails when the client has gone: no server failure (a read error, e.g. EIO, is one).
const clientGoneCodes = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ECONNRESET', 'EPIPE']);

/** Streams the file (or a range of it) as the body; resolves once it is sent or the client has gone. */
async function sendStream(res: ServerResponse, file: SiteFile, range?: ByteRange): Promise<void> {
  if (res.req.method === 'HEAD') return void res.end();
  try {
    await pipeline(file.stream(range), res);
  } catch (error) {
    if (!clientGoneCodes.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/** Answers a Range request with 206 or 416, or returns false to send the whole file. */
async function sendRange(
  req: IncomingMessage,
  res: ServerResponse,
  file: SiteFile,
  headers: OutgoingHttpHeaders,
): Promise<boolean> {
  const ifRange = req.headers['if-range'];
  const answer = chooseRange(
    { range: req.headers.range, ifRange: typeof ifRange === 'string' ? ifRange : undefined },
    file.size,
    String(headers['ETag']),
  );
  if (answer.kind === 'whole') return false;
  if (answer.kind === 'unsatisfiable') {
    sendText(res, 416, `Range not satisfiable: the file has ${file.size} bytes.`, {
      'Content-Range': formatContentRange(file.size),
    });
    return true;
  }
  const { start, end } = answer.range;
  res.writeHead(206, {
    ...headers,
    'Content-Range': formatContentRange(file.size, answer.range),
    'Content-Length': end - start + 1,
  });
  await sendStream(res, file, answer.range);
  return true;
}

/** Sends a file with caching, conditional-request, range and compression headers. */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: FileContext,
  toSend: FileToSend,
): Promise<void> {
  const { status, relPath, file } = toSend;
  const contentType = getContentType(relPath);
  const isHtml = contentType.startsWith('text/html');
  const facts = await ctx.facts.get(relPath, file, { hashScripts: isHtml && ctx.hashedPolicy !== undefined });
  const compressible = ctx.compression !== undefined && isCompressible(contentType, file.size);
  const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  const headers: OutgoingHttpHeaders = {
    'Content-Type': contentType,
    'Cache-Control': status === 200 ? getCacheControl(relPath) : 'no-cache',
  };
  if (compressible) headers['Vary'] = 'Accept-Encoding';
  if (isHtml && ctx.hashedPolicy !== undefined)
    headers['Content-Security-Policy'] = addScriptSources(ctx.hashedPolicy, facts.scriptHashes);
  if (status === 200) {
    headers['Accept-Ranges'] = 'bytes';
    headers['ETag'] = encoding ? weakEtag(facts.etag) : facts.etag;
    // If-None-Match comes before Range (RFC 9110 13.2.2).
    if (matchesEtag(req.headers['if-none-match'], facts.etag)) {
      res.writeHead(304, headers);
      return void res.end();
    }
    // Ranges are of the stored bytes, so they carry the stored bytes' (strong) tag.
    if (req.method === 'GET' && (await sendRange(req, res, file, { ...headers, ETag: facts.etag }))) return;
  }
  if (!encoding) {
    res.writeHead(status, { ...headers, 'Content-Length': file.size });
    return sendStream(res, file);
  }
  const payload = await ctx.compression!.compress({
    relPath,
    etag: facts.etag,
    encoding,
    size: file.size,
    read: () => file.stream(),
  });
  res.writeHead(status, { ...headers, 'Content-Encoding': encoding, 'Content-Length': payload.byteLength });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

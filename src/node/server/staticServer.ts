/**
 * The HTTP server behind `wiki serve` (a built folder) and `wiki dev` (an in-memory site).
 * Read-only, GET and HEAD only, with bounded timeouts and hardened path handling: it serves the
 * site's files and nothing else.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCompressionCache, type CompressionCache } from './compression.js';
import {
  addInlineScriptHashes, chooseEncoding, computeEtag, defaultContentSecurityPolicy, getCacheControl, getContentType, getSecurityHeaders,
  isCompressible, matchesEtag,
} from './headers.js';
import { parseRequestTarget } from './requestPath.js';
import { resolveRoute } from './routes.js';
import type { SiteFiles } from './siteFiles.js';

/** One finished request, as given to the `onRequest` hook (for logging). */
export interface RequestLogEntry {
  method: string;
  url: string;
  status: number;
  durationMs: number;
}

export interface SiteServerOptions {
  files: SiteFiles;
  /** 0 picks a free port. */
  port: number;
  /** Defaults to 127.0.0.1, so nothing is exposed to the network unless asked for. */
  host?: string;
  contentSecurityPolicy?: string;
  /** Called once per request when its response has finished or the connection closed. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Compress text responses (default true); `wiki dev` turns it off: on loopback it only costs time. */
  compress?: boolean;
  /**
   * Answers a GET or HEAD request before the site's files are looked up, e.g. the dev server's live-update
   * endpoint; resolves true when it answered. Security headers are already set on `res`.
   */
  handleRequest?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
}

export interface SiteServer {
  /** Base URL with a trailing slash, e.g. "http://127.0.0.1:3000/". */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** What one server instance needs per request; built once in startSiteServer. */
interface ServerContext {
  files: SiteFiles;
  securityHeaders: Record<string, string>;
  /** The default policy is tightened per HTML page with the hashes of its inline scripts. */
  hashInlineScripts: boolean;
  compression: CompressionCache | undefined;
  handleRequest: SiteServerOptions['handleRequest'];
}

const textType = 'text/plain; charset=utf-8';

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(`${text}\n`);
  res.writeHead(status, { ...headers, 'Content-Type': textType, 'Content-Length': body.byteLength, 'Cache-Control': 'no-cache' });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

function sendRedirect(res: ServerResponse, location: string): void {
  // no-cache keeps browsers from remembering a 301 forever while the site is being edited.
  res.writeHead(301, { Location: location, 'Cache-Control': 'no-cache', 'Content-Length': 0 });
  res.end();
}

interface FileResponse {
  status: 200 | 404;
  relPath: string;
  body: Uint8Array;
}

/** Sends a file with caching, conditional-request and compression headers. */
async function sendFile(req: IncomingMessage, res: ServerResponse, ctx: ServerContext, file: FileResponse): Promise<void> {
  const contentType = getContentType(file.relPath);
  const compressible = ctx.compression !== undefined && isCompressible(contentType, file.body.byteLength);
  const etag = computeEtag(file.body);
  const headers: Record<string, string | number> = {
    'Content-Type': contentType,
    'Cache-Control': file.status === 200 ? getCacheControl(file.relPath) : 'no-cache',
  };
  if (compressible) headers['Vary'] = 'Accept-Encoding';
  if (ctx.hashInlineScripts && contentType.startsWith('text/html')) {
    headers['Content-Security-Policy'] = addInlineScriptHashes(ctx.securityHeaders['Content-Security-Policy']!, Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength).toString('utf8'));
  }
  if (file.status === 200) {
    headers['ETag'] = etag;
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  const payload = encoding
    ? await ctx.compression!.compress({ relPath: file.relPath, etag, encoding, body: file.body })
    : file.body;
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = payload.byteLength;
  res.writeHead(file.status, headers);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** Answers an unknown path with the site's own 404 page, or plain text when it has none. */
async function sendNotFound(req: IncomingMessage, res: ServerResponse, ctx: ServerContext): Promise<void> {
  const body = await ctx.files.read('404.html');
  if (body === undefined) return sendText(res, 404, 'Not found');
  return sendFile(req, res, ctx, { status: 404, relPath: '404.html', body });
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, ctx: ServerContext): Promise<void> {
  for (const [name, value] of Object.entries(ctx.securityHeaders)) res.setHeader(name, value);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  if (ctx.handleRequest && (await ctx.handleRequest(req, res))) return;
  const target = parseRequestTarget(req.url ?? '');
  if (!target.ok) return sendText(res, target.status, target.message);
  const result = await resolveRoute(ctx.files, target.path);
  if (result.kind === 'redirect') return sendRedirect(res, result.location);
  if (result.kind === 'missing') return sendNotFound(req, res, ctx);
  return sendFile(req, res, ctx, { status: 200, relPath: result.relPath, body: result.body });
}

/** Runs handleRequest, turning an unexpected failure into a 500 instead of a crash or a hung socket. */
function respondSafely(req: IncomingMessage, res: ServerResponse, ctx: ServerContext): void {
  handleRequest(req, res, ctx).catch((error: unknown) => {
    console.error(`Site server failed on ${req.method} ${req.url}:`, error);
    if (res.headersSent) res.destroy();
    else sendText(res, 500, 'Internal server error');
  });
}

// Bounds on slow or greedy clients; generous for a local preview, tight enough to shed abuse.
function applyLimits(server: Server): void {
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  server.maxHeadersCount = 64;
  server.maxRequestsPerSocket = 1_000;
  server.setTimeout(30_000);
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const hint = error.code === 'EADDRINUSE' ? ` Try another port, e.g. --port ${port + 1}, or --port 0 for a free one.` : '';
      reject(new Error(`Can't start the site server on ${host}:${port}.${hint}`, { cause: error }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

function logWhenDone(req: IncomingMessage, res: ServerResponse, onRequest: (entry: RequestLogEntry) => void): void {
  const started = performance.now();
  res.once('close', () => {
    const entry = { method: req.method ?? '', url: req.url ?? '', status: res.statusCode, durationMs: performance.now() - started };
    onRequest(entry);
  });
}

/** Starts serving a site; resolves once the server is listening. */
export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const host = options.host ?? '127.0.0.1';
  const ctx: ServerContext = {
    files: options.files,
    securityHeaders: getSecurityHeaders(options.contentSecurityPolicy ?? defaultContentSecurityPolicy),
    hashInlineScripts: options.contentSecurityPolicy === undefined,
    compression: options.compress === false ? undefined : createCompressionCache(),
    handleRequest: options.handleRequest,
  };
  const server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    if (options.onRequest) logWhenDone(req, res, options.onRequest);
    respondSafely(req, res, ctx);
  });
  applyLimits(server);
  const address = await listen(server, options.port, host);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${address.port}/`,
    port: address.port,
    close: () => closeServer(server),
  };
}

/** Stops accepting connections and drops keep-alive ones, so close() does not wait on idle clients. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

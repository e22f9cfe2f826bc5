/**
 * The HTTP server behind `wiki serve` (a built folder) and `wiki dev` (an in-memory site).
 * Read-only, GET and HEAD only, with bounded timeouts and connections and hardened path handling: it
 * serves the site's files and nothing else.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCompressionCache } from './compression.js';
import { limitOpenConnections } from './connections.js';
import { createFileFactsCache } from './fileFacts.js';
import { matchBasePath, withBasePath } from './basePath.js';
import { getSecurityHeaders } from './headers.js';
import type { HostCheck } from './hostCheck.js';
import { parseRequestTarget } from './requestPath.js';
import { sendFile, sendRedirect, sendText, type FileContext, type FileToSend } from './responses.js';
import { resolveRoute } from './routes.js';
import type { SiteFiles } from './siteFiles.js';
import { rootSite, type ServedSite } from './sitePolicy.js';

/** One finished request, as given to the `onRequest` hook (for logging). */
export interface RequestLogEntry {
  method: string;
  url: string;
  status: number;
  durationMs: number;
}

/** Bounds on slow, idle or greedy clients; the defaults suit a preview server on one machine or a LAN. */
export interface ConnectionLimits {
  /** Open connections kept at most; past it the longest-idle ones are closed, new clients are never refused. */
  maxConnections: number;
  /** Time a client has to send its request headers (idle new connections are closed after it). */
  headersTimeoutMs: number;
  /** Time a client has to send its whole request. */
  requestTimeoutMs: number;
  /** Time an idle keep-alive connection is kept between requests. */
  keepAliveTimeoutMs: number;
}

const defaultLimits: ConnectionLimits = {
  maxConnections: 1_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

export interface SiteServerOptions {
  files: SiteFiles;
  /** 0 picks a free port. */
  port: number;
  /** Defaults to 127.0.0.1, so nothing is exposed to the network unless asked for. */
  host?: string;
  /**
   * Where the site lives and its policy (default: the root, same-origin); a function is asked on every request, so
   * `wiki dev` follows config edits. Pages get the hashes of their inline scripts added to the policy.
   */
  site?: ServedSite | (() => ServedSite);
  /** A fixed policy for every response instead of the site's (kept exactly as given: no script hashes added). */
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
  /** Refuses requests for other host names with 403 before anything else (`wiki dev`: see hostCheck.ts). */
  checkHost?: HostCheck;
  limits?: Partial<ConnectionLimits>;
}

export interface SiteServer {
  /** Base URL with a trailing slash, e.g. "http://127.0.0.1:3000/". */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** What one server instance needs per request; built once in startSiteServer. */
interface ServerContext extends Omit<FileContext, 'hashedPolicy'> {
  files: SiteFiles;
  site: () => ServedSite;
  fixedPolicy: string | undefined;
  handleRequest: SiteServerOptions['handleRequest'];
  checkHost: HostCheck | undefined;
}

/** Sends an open file and closes it once the response is done, whatever happens. */
async function sendOpenFile(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: FileContext,
  toSend: FileToSend,
): Promise<void> {
  try {
    await sendFile(req, res, ctx, toSend);
  } finally {
    await toSend.file.close();
  }
}

/** Answers an unknown path with the site's own 404 page, or plain text when it has none. */
async function sendNotFound(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: FileContext & { files: SiteFiles },
): Promise<void> {
  const file = await ctx.files.open('404.html');
  if (file === undefined) return sendText(res, 404, 'Not found');
  return sendOpenFile(req, res, ctx, { status: 404, relPath: '404.html', file });
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, server: ServerContext): Promise<void> {
  const site = server.site();
  const policy = server.fixedPolicy ?? site.contentSecurityPolicy;
  for (const [name, value] of Object.entries(getSecurityHeaders(policy))) res.setHeader(name, value);
  // A caller's fixed policy is kept as it is; the site's gets each page's inline script hashes.
  const ctx = { ...server, hashedPolicy: server.fixedPolicy === undefined ? policy : undefined };
  const hostRefusal = ctx.checkHost?.(req.headers.host);
  if (hostRefusal !== undefined) return sendText(res, 403, hostRefusal);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  if (ctx.handleRequest && (await ctx.handleRequest(req, res))) return;
  const base = matchBasePath(req.url ?? '', site.baseUrl);
  if (!base.inside) return sendRedirect(res, base.location, 302);
  const target = parseRequestTarget(base.siteUrl);
  if (!target.ok) return sendText(res, target.status, target.message);
  const result = await resolveRoute(ctx.files, target.path);
  if (result.kind === 'redirect') return sendRedirect(res, withBasePath(result.location, site.baseUrl));
  if (result.kind === 'missing') return sendNotFound(req, res, ctx);
  return sendOpenFile(req, res, ctx, { status: 200, relPath: result.relPath, file: result.file });
}

/** Runs handleRequest, turning an unexpected failure into a 500 instead of a crash or a hung socket. */
function respondSafely(req: IncomingMessage, res: ServerResponse, ctx: ServerContext): void {
  handleRequest(req, res, ctx).catch((error: unknown) => {
    console.error(`Site server failed on ${req.method} ${req.url}:`, error);
    if (res.headersSent) res.destroy();
    else sendText(res, 500, 'Internal server error');
  });
}

/**
 * Node's own timeouts, checked every second (Node's default is every 30 s, which let idle sockets pile up).
 * No cap on requests per connection: past one Node answers 503, and a well-behaved keep-alive client gets it.
 */
function createLimitedServer(
  limits: ConnectionLimits,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      connectionsCheckingInterval: 1_000,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxHeadersCount = 64;
  server.maxRequestsPerSocket = 0;
  // A socket that stalls mid-response (a client that stopped reading) is dropped after this.
  server.setTimeout(limits.requestTimeoutMs);
  limitOpenConnections(server, limits.maxConnections);
  return server;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const hint =
        error.code === 'EADDRINUSE' ? ` Try another port, e.g. --port ${port + 1}, or --port 0 for a free one.` : '';
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
    const entry = {
      method: req.method ?? '',
      url: req.url ?? '',
      status: res.statusCode,
      durationMs: performance.now() - started,
    };
    onRequest(entry);
  });
}

/** Starts serving a site; resolves once the server is listening. */
export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const host = options.host ?? '127.0.0.1';
  const site = options.site ?? rootSite;
  const ctx: ServerContext = {
    files: options.files,
    site: typeof site === 'function' ? site : () => site,
    fixedPolicy: options.contentSecurityPolicy,
    facts: createFileFactsCache(),
    compression: options.compress === false ? undefined : createCompressionCache(),
    handleRequest: options.handleRequest,
    checkHost: options.checkHost,
  };
  const server = createLimitedServer({ ...defaultLimits, ...options.limits }, (req, res) => {
    if (options.onRequest) logWhenDone(req, res, options.onRequest);
    respondSafely(req, res, ctx);
  });
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

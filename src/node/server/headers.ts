/**
 * Response headers of the site server: content types, caching and the security headers every
 * response carries. Pure functions, so the rules are easy to read and to test.
 */
import { createHash } from 'node:crypto';

/**
 * The policy used when the caller gives none: same-origin everything. Inline scripts are not allowed in general;
 * HTML pages get a hash for each inline script they ship, the notes' own included (see collectInlineScriptHashes).
 */
export const defaultContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  // The site's own pages may frame its files (a note's embedded PDF); no other site may frame them.
  "frame-ancestors 'self'",
].join('; ');

const contentTypes: ReadonlyMap<string, string> = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.xml', 'application/xml; charset=utf-8'],
  ['.svg', 'image/svg+xml; charset=utf-8'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.gif', 'image/gif'],
  ['.webp', 'image/webp'],
  ['.ico', 'image/x-icon'],
  ['.avif', 'image/avif'],
  ['.bmp', 'image/bmp'],
  ['.woff2', 'font/woff2'],
  ['.woff', 'font/woff'],
  ['.ttf', 'font/ttf'],
  // Attachments a note embeds (Obsidian's `![[file]]`): shown by type, so served as their type, never as a download.
  ['.pdf', 'application/pdf'],
  ['.mp3', 'audio/mpeg'],
  ['.wav', 'audio/wav'],
  ['.m4a', 'audio/mp4'],
  ['.ogg', 'audio/ogg'],
  ['.oga', 'audio/ogg'],
  ['.flac', 'audio/flac'],
  ['.3gp', 'audio/3gpp'],
  ['.mp4', 'video/mp4'],
  ['.m4v', 'video/mp4'],
  ['.webm', 'video/webm'],
  ['.ogv', 'video/ogg'],
  ['.mov', 'video/quicktime'],
  ['.mkv', 'video/x-matroska'],
  ['.wasm', 'application/wasm'],
  // Pagefind's index chunks are opaque binary blobs.
  ['.pf_meta', 'application/octet-stream'],
  ['.pf_index', 'application/octet-stream'],
  ['.pf_fragment', 'application/octet-stream'],
]);

const fallbackContentType = 'application/octet-stream';

// Types worth compressing: text formats. Images, fonts and wasm are already compressed or gain little.
const compressibleTypes = new Set([
  'text/html',
  'text/css',
  'text/javascript',
  'application/json',
  'application/xml',
  'image/svg+xml',
  'text/plain',
]);

/** Smallest body worth compressing: below this the framing costs more than it saves. */
export const minimumCompressibleBytes = 1024;

/** The lower-cased extension of a site-relative path, dot included ("" when there is none). */
export function getExtension(relPath: string): string {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The Content-Type header for a site-relative file path. */
export function getContentType(relPath: string): string {
  return contentTypes.get(getExtension(relPath)) ?? fallbackContentType;
}

/** Whether a body of this Content-Type and size should be sent compressed. */
export function isCompressible(contentType: string, byteLength: number): boolean {
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  return byteLength >= minimumCompressibleBytes && compressibleTypes.has(mediaType);
}

/** Whether a file is a hashed asset: its name changes with its bytes, so its contents never do. */
export function isImmutableAsset(relPath: string): boolean {
  return relPath.startsWith('assets/');
}

/** Cache-Control for a file: hashed assets never change, everything else is revalidated each time. */
export function getCacheControl(relPath: string): string {
  return isImmutableAsset(relPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The headers every response carries, whatever its status. */
export function getSecurityHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN', // as frame-ancestors 'self', for browsers that read only this
  };
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * A `'sha256-...'` CSP source for every inline script of an HTML page, the note's own `<script>` included: a note's raw
 * HTML is the site owner's and runs as on any static host (Docusaurus parity); an opt-in config setting sanitises notes
 * at build time. The default policy still leaves out event-handler attributes and other origins' scripts.
 */
export function collectInlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScript)) {
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy with these sources added to its script-src (one is made when it has none). */
export function addScriptSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  const joined = sources.join(' ');
  const directives = policy.split(';').map((d) => d.trim());
  const index = directives.findIndex((d) => d.startsWith('script-src ') || d === 'script-src');
  if (index === -1) return `${policy}; script-src 'self' ${joined}`;
  directives[index] = `${directives[index]} ${joined}`;
  return directives.join('; ');
}

/** The policy with a hash for each inline script of this page (see collectInlineScriptHashes for why all of them). */
export function addInlineScriptHashes(policy: string, html: string): string {
  return addScriptSources(policy, collectInlineScriptHashes(html));
}

/** A strong ETag of a file's bytes from its size and SHA-1 digest, so a rebuilt but unchanged file keeps its tag. */
export function formatEtag(byteLength: number, sha1: Buffer): string {
  return `"${byteLength.toString(16)}-${sha1.toString('base64url').slice(0, 22)}"`;
}

/** The strong ETag of these bytes (see formatEtag). */
export function computeEtag(body: Uint8Array): string {
  return formatEtag(body.byteLength, createHash('sha1').update(body).digest());
}

/** The tag of a compressed copy: other bytes, same content, so the weak form of the file's tag (RFC 9110 8.8.1). */
export function weakEtag(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export type ContentEncoding = 'br' | 'gzip';

/** The best encoding the client accepts (brotli first), honouring `q=0` refusals; undefined for identity. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    if (quality === undefined || Number(quality.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

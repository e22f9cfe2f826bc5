/**
 * Turns a raw request target ("/a/b%20c/?q=1") into decoded path segments, refusing anything
 * that could name a file outside the site. Validation happens per segment, before and after
 * percent-decoding, so `..`, `%2e%2e`, `%2f` and `%5c` tricks all fail the same way. Each segment is decoded
 * exactly once: "%2525" names a file called "%25".
 */
import { encodeUrlPath } from '../../shared/paths.js';

/** A request path that is safe to map onto site files. */
export interface SitePath {
  /** Decoded path segments, none empty, none "." or "..", none containing a slash. */
  segments: string[];
  /** Whether the URL path ended in "/" (the root "/" counts as one). */
  trailingSlash: boolean;
  /** The raw query string including its "?", or "" when there is none; kept for redirects. */
  query: string;
}

export type ParsedTarget = { ok: true; path: SitePath } | { ok: false; status: 400 | 414; message: string };

/** Longest request target accepted; anything longer is answered 414. */
export const maxUrlLength = 2048;

// NUL, backslashes and slashes never belong inside one decoded segment. Other control characters are legal in
// file names (a note named "a\tb.md" builds a page), and the path is only ever used to look a file up.
// eslint-disable-next-line no-control-regex
const forbiddenSegmentChars = /[\u0000\\/]/;
// "C:" style drive prefixes would make a segment absolute on Windows.
const drivePrefix = /^[a-zA-Z]:/;

function reject(message: string): ParsedTarget {
  return { ok: false, status: 400, message };
}

/** The decoded segment, or undefined when it is malformed or unsafe. */
function decodeSegment(raw: string): string | undefined {
  if (raw === '' || raw === '.' || raw === '..') return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined; // malformed percent-encoding such as "%zz" or a truncated UTF-8 sequence
  }
  if (decoded === '.' || decoded === '..' || forbiddenSegmentChars.test(decoded) || drivePrefix.test(decoded)) {
    return undefined;
  }
  return decoded;
}

/** Parses and validates a raw request target (`req.url`). */
export function parseRequestTarget(rawUrl: string): ParsedTarget {
  if (rawUrl.length > maxUrlLength) return { ok: false, status: 414, message: 'URI too long' };
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  // Only origin-form targets ("/..."); absolute-form ("http://...") and "*" are for proxies.
  if (!rawPath.startsWith('/') || rawPath.includes('\\') || rawPath.includes('\0')) return reject('Bad request path');
  const body = rawPath.slice(1);
  if (body === '') return { ok: true, path: { segments: [], trailingSlash: true, query } };
  const trailingSlash = body.endsWith('/');
  const segments: string[] = [];
  for (const raw of (trailingSlash ? body.slice(0, -1) : body).split('/')) {
    const decoded = decodeSegment(raw);
    if (decoded === undefined) return reject('Bad request path');
    segments.push(decoded);
  }
  return { ok: true, path: { segments, trailingSlash, query } };
}

/** The URL path for segments, encoded as the build encodes hrefs, so it is safe in a Location header. */
export function formatUrlPath(segments: readonly string[], trailingSlash: boolean): string {
  if (segments.length === 0) return '/';
  return encodeUrlPath(`/${segments.join('/')}${trailingSlash ? '/' : ''}`);
}

/**
 * Range requests (RFC 9110 section 14): one byte range of a file, always of its stored bytes, never of a compressed
 * copy. Several ranges in one request are answered with the whole file, which the RFC allows and browsers never mind.
 */
import type { ByteRange } from './siteFiles.js';

export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const whole: RangeAnswer = { kind: 'whole' };
const singleRange = /^bytes=(\d*)-(\d*)$/i;

/** Whether If-Range names this version: only a strong ETag can (RFC 9110 13.1.5); we send no Last-Modified date. */
function ifRangeMatches(ifRange: string | undefined, etag: string): boolean {
  if (ifRange === undefined) return true;
  const tag = ifRange.trim();
  return !tag.startsWith('W/') && !etag.startsWith('W/') && tag === etag;
}

/** The byte range a `bytes=` spec names in a file of `size` bytes. */
function resolveSpec(first: string, last: string, size: number): RangeAnswer {
  if (first === '') {
    // "bytes=-500": the last 500 bytes.
    const suffix = Number(last);
    return suffix === 0 || size === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return whole; // an invalid spec is ignored, not refused
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) } };
}

/** How to answer a GET with these Range and If-Range headers for a file of `size` bytes whose strong ETag is `etag`. */
export function chooseRange(
  headers: { range?: string | undefined; ifRange?: string | undefined },
  size: number,
  etag: string,
): RangeAnswer {
  if (headers.range === undefined || !ifRangeMatches(headers.ifRange, etag)) return whole;
  const match = singleRange.exec(headers.range.trim());
  if (!match || (match[1] === '' && match[2] === '')) return whole;
  return resolveSpec(match[1]!, match[2]!, size);
}

/** The Content-Range header of a partial answer, or of a 416 ("bytes *\/size"). */
export function formatContentRange(size: number, range?: ByteRange): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}

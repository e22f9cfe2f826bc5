/**
 * A file of `wiki build`'s caches: a header line (format, build key, checksum of the rest), then a JSON value; written
 * whole beside it, then renamed over it, so a reader sees the last file or the new one. Read back only when it is
 * exactly what was written under this format and key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';

/** What a cache file is written and read under: another format is damage (warned), another key a full build. */
export interface CacheFileHeader {
  readonly format: string;
  readonly key: string;
}

export function writeCacheFile(file: string, header: CacheFileHeader, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  const head = JSON.stringify({ format: header.format, key: header.key, checksum: checksumOf(body) });
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.concat([Buffer.from(`${head}\n`), body]));
  fs.renameSync(partial, file);
}

/** The cached value, or undefined when absent, made under another key, or not exactly what was written (warned). */
export function readCacheFile<T>(
  file: string,
  expected: CacheFileHeader,
  warn: (message: string) => void,
): T | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined; // no cache yet
  }
  const newline = bytes.indexOf(0x0a);
  const body = bytes.subarray(newline + 1);
  try {
    const header = JSON.parse(bytes.toString('utf8', 0, Math.max(newline, 0))) as {
      format?: unknown;
      key?: unknown;
      checksum?: unknown;
    };
    if (header.format !== expected.format) throw new Error(`it is not in this engine's format (${expected.format})`);
    if (header.key !== expected.key) return undefined; // made by another engine, config or folder: a full build, no warning
    if (header.checksum !== checksumOf(body)) throw new Error('its checksum does not match its contents');
    return JSON.parse(body.toString('utf8')) as T;
  } catch (error) {
    warn(`Ignored the build cache file ${file}: ${(error as Error).message}. This build rebuilds it.`);
    return undefined;
  }
}

/** SHA-1 of the bytes: it tells a damaged file, not a forged one, and hashes twice as fast as SHA-256 here. */
function checksumOf(bytes: Uint8Array): string {
  return crypto.createHash('sha1').update(bytes).digest('base64url');
}

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import type { z } from 'zod';
import { siteConfigSchema, type SiteConfig } from './schema.js';

/** A config problem a user can fix: the message names the file, the field and the fix. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Imports wiki.config.ts (or .js/.mjs) and validates it; throws ConfigError naming the file, field and fix. */
export async function loadConfig(configPath: string): Promise<SiteConfig> {
  const file = path.resolve(configPath);
  if (!fs.existsSync(file)) {
    throw new ConfigError(`Config file not found: ${configPath}\n    Create wiki.config.ts at the site root (export default defineConfig({ title, url, ... })) or pass --config FILE.`);
  }
  let module: { default?: unknown };
  try {
    // A query string defeats the import cache so `wiki dev` sees edits to the config.
    module = (await import(`${pathToFileURL(file).href}?t=${fs.statSync(file).mtimeMs}`)) as { default?: unknown };
  } catch (error) {
    throw new ConfigError(await describeLoadError(error as Error, file, configPath), { cause: error });
  }
  if (module.default === undefined) throw new ConfigError(`${configPath} has no default export.\n    End it with \`export default defineConfig({ ... })\`.`);
  return validateConfig(module.default, configPath, fs.readFileSync(file, 'utf8'));
}

/** "wiki.config.ts:3:7: The config file does not parse: ..." with the line and a caret, or where it threw. */
async function describeLoadError(error: Error, file: string, configPath: string): Promise<string> {
  const source = fs.readFileSync(file, 'utf8');
  const syntax = await findSyntaxError(source, file);
  if (syntax) {
    return `${configPath}:${syntax.line}:${syntax.column + 1}: The config file does not parse: ${syntax.text}.\n${showLine(source, syntax.line, syntax.column)}\n    Fix the syntax there (a missing comma, quote or bracket is the usual cause).`;
  }
  // Runtime errors carry positions in tsx's transformed code, not the author's file, so none is shown.
  return `${configPath}: The config file failed while loading: ${error.message.split('\n')[0]}\n    Fix that code; the file should only \`export default defineConfig({ ... })\` with plain values.`;
}

async function findSyntaxError(source: string, file: string): Promise<{ line: number; column: number; text: string } | undefined> {
  try {
    await transform(source, { loader: /\.m?ts$/.test(file) ? 'ts' : 'js', format: 'esm', logLevel: 'silent' });
    return undefined;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    return first?.location ? { line: first.location.line, column: first.location.column, text: first.text } : undefined;
  }
}

function showLine(source: string, line: number, column: number): string {
  const text = source.split('\n')[line - 1] ?? '';
  return `    ${text}\n    ${' '.repeat(Math.max(0, column))}^`;
}

/** Validates a config object; every problem is listed with its field path, line (when the source is given) and a fix. */
export function validateConfig(value: unknown, configPath: string, source?: string): SiteConfig {
  const result = siteConfigSchema.safeParse(value);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const line = source === undefined ? undefined : findFieldLine(source, issue);
    return `  - ${line ? `line ${line}, ` : ''}${describeConfigIssue(issue, value)}`;
  });
  throw new ConfigError(`Invalid config in ${configPath} (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
}

/** Best effort: the line where the field's last key (or the unknown key) is written, when it appears exactly once. */
function findFieldLine(source: string, issue: z.core.$ZodIssue): number | undefined {
  const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : [...issue.path].reverse().find((part) => typeof part === 'string');
  if (typeof key !== 'string') return undefined;
  const pattern = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`);
  const matches = source.split('\n').flatMap((text, index) => (pattern.test(text) ? [index + 1] : []));
  return matches.length === 1 ? matches[0] : undefined;
}

function valueAt(value: unknown, fieldPath: readonly PropertyKey[]): unknown {
  return fieldPath.reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined), value);
}

function describeConfigIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  const received = valueAt(value, issue.path);
  const got = received === undefined ? '' : ` (got ${JSON.stringify(received)})`;
  if (issue.code === 'invalid_format' && issue.format === 'url') return `${field}: not a valid URL${got}. Fix: use a full URL, e.g. "https://example.com".`;
  if (issue.code === 'unrecognized_keys') {
    return `${field === '(root)' ? '' : `${field}: `}unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}. Fix: remove them or check the spelling against the documented fields.`;
  }
  if (issue.code === 'invalid_value') return `${field}: ${issue.message}${got}. Fix: use one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
  if (issue.code === 'invalid_type') return `${field}: expected ${issue.expected}${got}. Fix: set ${field} to a ${issue.expected} value.`;
  return `${field}: ${issue.message}${got}. Fix: correct the value of ${field}.`;
}

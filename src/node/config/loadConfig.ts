import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
    throw new ConfigError(`Cannot load ${configPath}: ${(error as Error).message.split('\n')[0]}\n    Fix the syntax error in the config file.`, { cause: error });
  }
  if (module.default === undefined) throw new ConfigError(`${configPath} has no default export.\n    End it with \`export default defineConfig({ ... })\`.`);
  return validateConfig(module.default, configPath);
}

/** Validates a config object; every problem is listed with its field path and a fix. */
export function validateConfig(value: unknown, configPath: string): SiteConfig {
  const result = siteConfigSchema.safeParse(value);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${describeConfigIssue(issue)}`);
  throw new ConfigError(`Invalid config in ${configPath}:\n${lines.join('\n')}`);
}

function describeConfigIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  if (issue.code === 'unrecognized_keys') {
    return `${field === '(root)' ? '' : `${field}: `}unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}. Fix: remove them or check the spelling against the documented fields.`;
  }
  if (issue.code === 'invalid_value') return `${field}: ${issue.message}. Fix: use one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
  if (issue.code === 'invalid_type') return `${field}: expected ${issue.expected}. Fix: set ${field} to a ${issue.expected} value.`;
  return `${field}: ${issue.message}. Fix: correct the value of ${field}.`;
}

/**
 * The config schema's problems in a user's terms: the field's path, what was wrong with what it got, the fix, and the
 * line of the config where the field is written when that can be told. A misspelt field names the nearest known one;
 * a value that fits none of a union's shapes is described by the shape it comes closest to.
 */
import type { z } from 'zod';
import { didYouMean, nearestNames } from '../nearestNames.js';
import { siteConfigSchema } from './schema.js';

type Issue = z.core.$ZodIssue;

/** One line per problem: "line N, field: what. Fix: how." (the line when `source` is given and shows it once). */
export function describeConfigIssues(issues: readonly Issue[], value: unknown, source?: string): string[] {
  return issues.flatMap(closestIssues).map((issue) => {
    const line = source === undefined ? undefined : findFieldLine(source, issue);
    return `${line ? `line ${line}, ` : ''}${describeConfigIssue(issue, value)}`;
  });
}

/**
 * A union's problem as the problems of the shape the value comes closest to (the fewest problems; the first of equals),
 * with their paths from the config's root; any other problem as it is.
 */
function closestIssues(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const closest = issue.errors.reduce((best, errors) => (errors.length < best.length ? errors : best));
  if (closest.length === 0) return [issue];
  return closest.flatMap((inner) => closestIssues({ ...inner, path: [...issue.path, ...inner.path] } as Issue));
}

/** Best effort: the line where the field's last key (or the unknown key) is written, when it appears exactly once. */
function findFieldLine(source: string, issue: Issue): number | undefined {
  const key =
    issue.code === 'unrecognized_keys'
      ? issue.keys[0]
      : [...issue.path].reverse().find((part) => typeof part === 'string');
  if (typeof key !== 'string') return undefined;
  const pattern = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`);
  const matches = source.split('\n').flatMap((text, index) => (pattern.test(text) ? [index + 1] : []));
  return matches.length === 1 ? matches[0] : undefined;
}

function valueAt(value: unknown, fieldPath: readonly PropertyKey[]): unknown {
  return fieldPath.reduce<unknown>(
    (current, key) =>
      current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );
}

/** What the walk below reads of a zod 4 schema's definition. */
interface SchemaDef {
  readonly type: string;
  readonly shape?: Record<string, z.core.$ZodType>;
  readonly innerType?: z.core.$ZodType;
  readonly element?: z.core.$ZodType;
  readonly in?: z.core.$ZodType;
  readonly getter?: () => z.core.$ZodType;
  readonly options?: readonly z.core.$ZodType[];
}

/**
 * The fields the schema knows at `fieldPath`: an object's keys, through defaults, optionals, transforms, lazy schemas
 * and array items, and every shape of a union (for a "did you mean" beside an unknown field).
 */
function knownFieldsAt(schema: z.core.$ZodType | undefined, fieldPath: readonly PropertyKey[]): string[] {
  if (schema === undefined) return [];
  const def = schema._zod.def as SchemaDef;
  const [next, ...rest] = fieldPath;
  switch (def.type) {
    case 'default':
    case 'optional':
    case 'nullable':
      return knownFieldsAt(def.innerType, fieldPath);
    case 'pipe':
      return knownFieldsAt(def.in, fieldPath);
    case 'lazy':
      return knownFieldsAt(def.getter?.(), fieldPath);
    case 'union':
      return [...new Set((def.options ?? []).flatMap((option) => knownFieldsAt(option, fieldPath)))];
    case 'array':
      return typeof next === 'number' ? knownFieldsAt(def.element, rest) : [];
    case 'object':
      if (next === undefined) return Object.keys(def.shape ?? {});
      return knownFieldsAt(def.shape?.[String(next)], rest);
    default:
      return [];
  }
}

function describeConfigIssue(issue: Issue, value: unknown): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  const received = valueAt(value, issue.path);
  const got = received === undefined ? '' : ` (got ${JSON.stringify(received)})`;
  if (issue.code === 'invalid_format' && issue.format === 'url')
    return `${field}: not a valid URL${got}. Fix: use a full URL, e.g. "https://example.com".`;
  if (issue.code === 'unrecognized_keys') {
    const known = knownFieldsAt(siteConfigSchema, issue.path);
    const keys = issue.keys.map((key) => {
      const [nearest] = nearestNames(key, known);
      return `"${key}"${didYouMean(nearest)}`;
    });
    return `${field === '(root)' ? '' : `${field}: `}unknown field(s) ${keys.join(', ')}. Fix: remove them or check the spelling against the documented fields.`;
  }
  if (issue.code === 'invalid_value')
    return `${field}: ${issue.message}${got}. Fix: use one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
  if (issue.code === 'invalid_type')
    return `${field}: expected ${issue.expected}${got}. Fix: set ${field} to ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected} value.`;
  return `${field}: ${issue.message}${got}. Fix: correct the value of ${field}.`;
}

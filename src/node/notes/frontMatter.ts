import { type Document, isMap, isNode, isScalar, parseDocument } from 'yaml';
import { z } from 'zod';

/**
 * Obsidian's list fields in the forms it accepts: a list, one value, or values separated by commas (`tags: a, b`);
 * empty entries dropped, and a tag's `#` (`#rust`).
 */
function toList(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!items) return typeof value === 'number' ? [String(value)] : value;
  const cleaned = items
    .filter((item) => item !== null && item !== undefined)
    .map((item: unknown) =>
      typeof item === 'string' ? item.trim().replace(/^#(?=\S)/, '') : typeof item === 'number' ? String(item) : item,
    )
    .filter((item) => item !== '');
  return cleaned;
}

// Values as Docusaurus converts them before it validates front matter (Joi's `convert`, and its front matter string
// type): a number YAML read where text is meant (`title: 1984`) is that text, a number or a boolean written as text
// (`sidebar_position: "3"`, `draft: "true"`) is that number or boolean.
const text = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && NUMBER_TEXT.test(v) ? Number(v) : v), schema);
const flag = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v),
    z.boolean(),
  );
/** A number as Joi reads one from text: decimal, with a sign, a fraction and an exponent, spaces around. */
const NUMBER_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*$/i;

// One schema for note front matter; unknown keys are kept (authors use their own, e.g. `aliases`).
const frontMatterSchema = z.looseObject({
  id: text(z.string().regex(/^[^/]+$/, 'must not contain a slash')).optional(),
  title: text(z.string()).optional(),
  slug: text(z.string()).optional(),
  sidebar_label: text(z.string()).optional(),
  sidebar_position: numeric(z.number()).optional(),
  description: text(z.string()).optional(),
  keywords: z.array(text(z.string())).optional(),
  hide_title: flag().optional(),
  hide_table_of_contents: flag().optional(),
  draft: flag().optional(),
  custom_edit_url: text(z.string()).nullable().optional(),
  pagination_prev: text(z.string()).nullable().optional(),
  pagination_next: text(z.string()).nullable().optional(),
  pagination_label: text(z.string()).optional(),
  sidebar_class_name: text(z.string()).optional(),
  toc_min_heading_level: numeric(z.number().int().min(2).max(6)).optional(),
  toc_max_heading_level: numeric(z.number().int().min(2).max(6)).optional(),
  /** og:image and twitter:image: an absolute URL, or a path of the site (static folder) made absolute. */
  image: text(z.string()).optional(),
  /** Tag labels, keys of the tags file, or `{ label, permalink }`; one tag may be written alone (`tags: rust`). */
  tags: z.preprocess(
    toList,
    z.array(z.union([z.string(), z.strictObject({ label: z.string(), permalink: z.string() })])).optional(),
  ),
  /** Other names of the note, which [[wikilinks]] may use (Obsidian): a list, or one name. */
  aliases: z.preprocess(toList, z.array(z.string()).optional()),
  // YAML reads an unquoted date as a Date: both are accepted, as Docusaurus does.
  last_update: z
    .strictObject({ date: z.union([z.string(), z.date()]).optional(), author: z.string().optional() })
    .optional(),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface FrontMatterProblem {
  /** Errors by default; a warning when the note still builds as its author meant. */
  readonly severity?: 'warning';
  readonly line?: number;
  readonly message: string;
  readonly hint: string;
}

export interface SplitNote {
  readonly frontMatter: FrontMatter;
  /** The Markdown after the front matter. */
  readonly body: string;
  /** How many lines the front matter block took, so body line numbers map back to the file. */
  readonly bodyLineOffset: number;
  readonly problems: readonly FrontMatterProblem[];
}

// The closing line may have more dashes (`----`): gray-matter, which Docusaurus uses, looks only for `---` at its start.
const frontMatterBlock = /^---[ \t]*\r?\n([\s\S]*?)^(-{3,})[ \t]*(?:\r?\n|$)/m;

/** Splits `---\nyaml\n---\nbody`; invalid YAML or fields become problems and the note keeps its body. */
export function splitFrontMatter(source: string): SplitNote {
  const match = source.startsWith('---') ? frontMatterBlock.exec(source) : null;
  if (!match || match.index !== 0) return { frontMatter: {}, body: source, bodyLineOffset: 0, problems: [] };
  const yamlText = match[1] ?? '';
  const bodyLineOffset = countLines(match[0]);
  const body = source.slice(match[0].length);
  const closing = closingLineProblems(match[2]!, 2 + countLines(yamlText));
  if (yamlText.length > MAX_FRONT_MATTER_CHARS)
    return { frontMatter: {}, body, bodyLineOffset, problems: [...closing, oversizedProblem(yamlText.length)] };
  const parsed = parseYaml(yamlText);
  if ('problem' in parsed) return { frontMatter: {}, body, bodyLineOffset, problems: [...closing, parsed.problem] };
  const value = withPluralFields(withoutEmptyValues(parsed.value ?? {}));
  const result = frontMatterSchema.safeParse(value);
  if (result.success) return { frontMatter: result.data, body, bodyLineOffset, problems: closing };
  const problems = result.error.issues.map((issue) => describeIssue(issue, yamlText, value));
  return {
    frontMatter: keepValidFields(value, result.error.issues),
    body,
    bodyLineOffset,
    problems: [...closing, ...problems],
  };
}

/** A closing `----` is read as `---`, as gray-matter reads it, with a warning (other tools may not). */
function closingLineProblems(dashes: string, line: number): FrontMatterProblem[] {
  if (dashes.length === 3) return [];
  return [
    {
      severity: 'warning',
      line,
      message: `The front matter is closed by \`${dashes}\`; it was read as the closing \`---\` (as Docusaurus reads it).`,
      hint: 'Write the closing line as exactly `---`.',
    },
  ];
}

/** `description:` with nothing after it is YAML null: taken as absent for a field that does not accept null. */
function withoutEmptyValues(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const shape = frontMatterSchema.shape as Record<string, z.ZodType | undefined>;
  return Object.fromEntries(
    Object.entries(value).filter(([key, field]) => field !== null || !shape[key] || shape[key].safeParse(null).success),
  );
}

/**
 * Obsidian's older singular fields (`tag`, `alias`), which Obsidian vaults still hold and Quartz still reads: each
 * stands for its plural where that is not set.
 */
const PLURAL_OF: Readonly<Record<string, string>> = { tag: 'tags', alias: 'aliases' };

function withPluralFields(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const fields = value as Record<string, unknown>;
  const plurals = Object.entries(PLURAL_OF).filter(([one, many]) => fields[one] != null && fields[many] == null);
  return plurals.length === 0
    ? value
    : { ...fields, ...Object.fromEntries(plurals.map(([one, many]) => [many, fields[one]])) };
}

/** The field a problem's first key names as written: a plural taken from its singular is written as that. */
function writtenKey(value: unknown, key: string): string {
  const singular = Object.keys(PLURAL_OF).find((one) => PLURAL_OF[one] === key);
  const fields = value as Record<string, unknown>;
  return singular !== undefined && fields[key] === fields[singular] ? singular : key;
}

/** Front matter is a few lines of metadata; past this it is not read (YAML parsing costs grow with it). */
export const MAX_FRONT_MATTER_CHARS = 1_000_000;

function oversizedProblem(chars: number): FrontMatterProblem {
  return {
    severity: 'warning',
    line: 1,
    message: `The front matter is ${(chars / 1e6).toFixed(1)} MB, over the ${MAX_FRONT_MATTER_CHARS / 1e6} MB that is read; it was ignored (the note builds without its title, slug or other fields).`,
    hint: 'Keep front matter to metadata: move long text into the note body.',
  };
}

function parseYaml(yamlText: string): { value: unknown } | { problem: FrontMatterProblem } {
  // yaml's own duplicate-key check compares every key with every other (40,000 keys: 8 s); duplicateKey does it in one pass.
  const document = parseDocument(yamlText, { uniqueKeys: false });
  const error = document.errors[0] ?? duplicateKey(document, yamlText);
  if (error) {
    const line = error.linePos?.[0]?.line;
    return {
      problem: {
        ...(line !== undefined && { line: line + 1 }),
        message: `Invalid YAML front matter: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
        hint: `Fix the YAML between the two --- lines: ${yamlFix(yamlText, line, error.message)}`,
      },
    };
  }
  let value: unknown;
  try {
    // A copy: YAML's strings are slices of the note's text, and a kept slice would keep the whole note in memory.
    value = structuredClone(document.toJS());
  } catch (error) {
    // yaml refuses aliases that would expand past a limit (a "billion laughs" bomb).
    return {
      problem: {
        line: 1,
        message: `The front matter could not be read: ${(error as Error).message}`,
        hint: 'Write the values out instead of repeating YAML aliases (*name) inside each other.',
      },
    };
  }
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    return {
      problem: {
        line: 2,
        message: 'Front matter must be a YAML mapping of keys to values',
        hint: 'Write it as `key: value` lines, e.g. `title: My note`.',
      },
    };
  }
  return { value };
}

/** The likely fix of a YAML error on a line (1-based within the block), with the corrected line when there is one. */
function yamlFix(yamlText: string, line: number | undefined, message: string): string {
  const text = line === undefined ? undefined : yamlText.split(/\r?\n/)[line - 1];
  const fileLine = line === undefined ? '' : `line ${line + 1}, `;
  if (/unique/.test(message)) return `${fileLine}keep one of the two values of that key and remove the other line.`;
  if (text !== undefined && /^\s*\t/.test(text))
    return `${fileLine}indent with spaces: YAML does not allow tabs there.`;
  const flow = /end with an? ([\]}])/.exec(message);
  if (flow && line !== undefined) {
    const lines = yamlText.split(/\r?\n/).slice(0, line);
    const opening = lines.findLastIndex((candidate) => /:[ \t]*[[{]/.test(candidate));
    const where = opening === -1 ? fileLine : `line ${opening + 2}, `;
    return `${where}close the ${flow[1] === ']' ? 'list' : 'mapping'} it opens with \`${flow[1]}\` on the same line, or quote the value.`;
  }
  const pair = text === undefined ? null : /^(\s*[\w-]+):[ \t]+(?!["'])(.*\S)\s*$/.exec(text);
  if (pair) return `${fileLine}quote the value: \`${pair[1]!.trimStart()}: ${JSON.stringify(pair[2])}\`.`;
  return `${fileLine}quote values that contain ": " or " #", or start with a special character (@, \`, *, &, !, %, {, [).`;
}

/** The first top-level key given twice, as a YAML error (gray-matter, which Docusaurus uses, refuses them too). */
function duplicateKey(
  document: Document,
  yamlText: string,
): { message: string; linePos?: [{ line: number }] } | undefined {
  if (!isMap(document.contents)) return undefined;
  const seen = new Set<unknown>();
  for (const pair of document.contents.items) {
    const key = isScalar(pair.key) ? pair.key.value : pair.key;
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    const offset = isNode(pair.key) ? pair.key.range?.[0] : undefined;
    const message = `Map keys must be unique; "${String(key)}" is repeated`;
    return offset === undefined
      ? { message }
      : { message, linePos: [{ line: countLines(yamlText.slice(0, offset)) + 1 }] };
  }
  return undefined;
}

function describeIssue(issue: z.core.$ZodIssue, yamlText: string, value: unknown): FrontMatterProblem {
  const written = writtenKey(value, String(issue.path[0] ?? ''));
  const field = [written, ...issue.path.slice(1)].join('.');
  const line = findKeyLine(yamlText, written);
  const expected = 'expected' in issue ? String(issue.expected) : undefined;
  const hint = expected
    ? `Give \`${field}\` ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected} value${exampleFor(field)}, or remove it.`
    : `Fix \`${field}\`${exampleFor(field)}, or remove it.`;
  return {
    ...(line !== undefined && { line: line + 1 }),
    message: `Front matter field \`${field}\` is invalid: ${issue.message}`,
    hint,
  };
}

const examples: Record<string, string> = {
  sidebar_position: ' (e.g. `sidebar_position: 2`)',
  keywords: ' (e.g. `keywords: [rust, async]`)',
  hide_title: ' (`true` or `false`)',
  hide_table_of_contents: ' (`true` or `false`)',
  draft: ' (`true` or `false`)',
  id: ' (e.g. `id: my-note`)',
  toc_min_heading_level: ' (a heading level from 2 to 6, e.g. `toc_min_heading_level: 2`)',
  toc_max_heading_level: ' (a heading level from 2 to 6, e.g. `toc_max_heading_level: 4`)',
  tags: ' (e.g. `tags: [rust, async]`, or `- { label: Rust, permalink: /rust }`)',
  aliases: ' (e.g. `aliases: [Other name, Short name]`)',
  last_update: ' (e.g. `last_update: { date: 2024-01-31, author: Ada }`)',
};

function exampleFor(field: string): string {
  return examples[field] ?? '';
}

/** The file line (1-based) where a note's front matter sets `key`, if it does. */
export function frontMatterKeyLine(source: string, key: string): number | undefined {
  const match = source.startsWith('---') ? frontMatterBlock.exec(source) : null;
  if (!match || match.index !== 0) return undefined;
  const line = findKeyLine(match[1] ?? '', key);
  return line === undefined ? undefined : line + 1;
}

function findKeyLine(yamlText: string, key: string): number | undefined {
  const index = yamlText.split('\n').findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? undefined : index + 1; // +1 for the opening ---
}

function keepValidFields(value: unknown, issues: readonly z.core.$ZodIssue[]): FrontMatter {
  const bad = new Set(issues.map((issue) => String(issue.path[0])));
  const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => !bad.has(key));
  return frontMatterSchema.parse(Object.fromEntries(entries));
}

function countLines(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

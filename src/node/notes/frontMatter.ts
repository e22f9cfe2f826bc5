import { type Document, isMap, isNode, isScalar, parseDocument } from 'yaml';
import { z } from 'zod';

// One schema for note front matter; unknown keys are kept (authors use their own, e.g. `aliases`).
const frontMatterSchema = z.looseObject({
  id: z
    .string()
    .regex(/^[^/]+$/, 'must not contain a slash')
    .optional(),
  title: z.string().optional(),
  slug: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  hide_title: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  draft: z.boolean().optional(),
  custom_edit_url: z.string().nullable().optional(),
  pagination_prev: z.string().nullable().optional(),
  pagination_next: z.string().nullable().optional(),
  pagination_label: z.string().optional(),
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

const frontMatterBlock = /^---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

/** Splits `---\nyaml\n---\nbody`; invalid YAML or fields become problems and the note keeps its body. */
export function splitFrontMatter(source: string): SplitNote {
  const match = source.startsWith('---') ? frontMatterBlock.exec(source) : null;
  if (!match || match.index !== 0) return { frontMatter: {}, body: source, bodyLineOffset: 0, problems: [] };
  const yamlText = match[1] ?? '';
  const bodyLineOffset = countLines(match[0]);
  const body = source.slice(match[0].length);
  if (yamlText.length > MAX_FRONT_MATTER_CHARS)
    return { frontMatter: {}, body, bodyLineOffset, problems: [oversizedProblem(yamlText.length)] };
  const parsed = parseYaml(yamlText);
  if ('problem' in parsed) return { frontMatter: {}, body, bodyLineOffset, problems: [parsed.problem] };
  const result = frontMatterSchema.safeParse(parsed.value ?? {});
  if (result.success) return { frontMatter: result.data, body, bodyLineOffset, problems: [] };
  const problems = result.error.issues.map((issue) => describeIssue(issue, yamlText));
  return { frontMatter: keepValidFields(parsed.value, result.error.issues), body, bodyLineOffset, problems };
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
        hint: 'Fix the YAML between the two --- lines (quote values that contain ": " or start with a special character).',
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

function describeIssue(issue: z.core.$ZodIssue, yamlText: string): FrontMatterProblem {
  const field = issue.path.join('.');
  const line = findKeyLine(yamlText, String(issue.path[0] ?? ''));
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
};

function exampleFor(field: string): string {
  return examples[field] ?? '';
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

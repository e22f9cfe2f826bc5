import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DiagnosticList } from '../diagnostics.js';
import { extractTranslations, type TranslationEntry } from './extract.js';
import { enginePath } from '../engineRoot.js';

// Docusaurus's translation file format: { "<id>": { "message": "...", "description": "..." } }.
const translationFileSchema = z.record(
  z.string(),
  z.strictObject({ message: z.string(), description: z.string().optional() }),
);

const engineThemeDir = enginePath('src/theme');
// The search UI (a browser-only part) declares its texts too.
const engineSearchDir = enginePath('src/client/search');

/** The folder of a site's English translations: `<site>/i18n/en`. */
export function translationsDir(siteDir: string): string {
  return path.join(siteDir, 'i18n', 'en');
}

/** Source files whose declarations are translatable: the engine theme and search UI, the site's theme overrides and pages. */
export function listTranslatableFiles(siteDir: string): string[] {
  const roots = [engineThemeDir, engineSearchDir, path.join(siteDir, 'theme'), path.join(siteDir, 'pages')];
  return roots.flatMap((root) => listSourceFiles(root));
}

function listSourceFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.(tsx|ts|jsx|js)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(root, file))
    .sort();
}

/** Every declaration with its default; problems (no id nor message, element children) become build errors. */
export function collectTranslations(
  siteDir: string,
  diagnostics: DiagnosticList,
  displayPath: (file: string) => string,
): TranslationEntry[] {
  const { entries, problems } = extractTranslations(listTranslatableFiles(siteDir), displayPath);
  for (const problem of problems)
    diagnostics.add({
      severity: 'error',
      code: 'translation',
      file: problem.file,
      line: problem.line,
      message: problem.message,
      hint: problem.hint,
    });
  return entries;
}

/** The site's overrides from i18n/en/*.json, id -> message; a malformed file is an error naming it. */
export function loadTranslationOverrides(
  siteDir: string,
  diagnostics: DiagnosticList,
  displayPath: (file: string) => string,
): Record<string, string> {
  const dir = translationsDir(siteDir);
  const messages: Record<string, string> = {};
  if (!fs.existsSync(dir)) return messages;
  for (const name of fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const file = path.join(dir, name);
    const parsed = parseTranslationFile(file);
    if ('problem' in parsed) {
      diagnostics.add({
        severity: 'error',
        code: 'translation-file',
        file: displayPath(file),
        message: parsed.problem,
        hint: 'Write it as { "theme.id": { "message": "Text", "description": "optional" } } (run `wiki write-translations` to get a complete file).',
      });
      continue;
    }
    for (const [id, entry] of Object.entries(parsed.value)) messages[id] = entry.message;
  }
  return messages;
}

function parseTranslationFile(file: string): { value: z.infer<typeof translationFileSchema> } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { problem: `Invalid JSON: ${(error as Error).message}` };
  }
  const result = translationFileSchema.safeParse(json);
  if (result.success) return { value: result.data };
  const issue = result.error.issues[0]!;
  return { problem: `Invalid translation entry "${issue.path.join('.')}": ${issue.message}` };
}

/**
 * What the theme ships: the i18n/en overrides whose message differs from the declared default (an unchanged entry,
 * as `wiki write-translations` writes them all, or an id nothing declares, costs bytes on every page for nothing).
 */
export function resolveTranslationOverrides(
  siteDir: string,
  diagnostics: DiagnosticList,
  displayPath: (file: string) => string,
): Record<string, string> {
  const defaults = new Map(
    collectTranslations(siteDir, diagnostics, displayPath).map((entry) => [entry.id, entry.message]),
  );
  const overrides = loadTranslationOverrides(siteDir, diagnostics, displayPath);
  return Object.fromEntries(
    Object.entries(overrides).filter(([id, message]) => defaults.has(id) && defaults.get(id) !== message),
  );
}

/**
 * `wiki write-translations`: writes i18n/en/code.json with every translatable string and its default,
 * keeping messages the site already changed. Returns the file written and how many entries it holds.
 */
export function writeTranslations(
  siteDir: string,
  entries: readonly TranslationEntry[],
): { file: string; count: number; kept: number } {
  const file = path.join(translationsDir(siteDir), 'code.json');
  const existing = fs.existsSync(file)
    ? (translationFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8'))).data ?? {})
    : {};
  const output: Record<string, { message: string; description?: string }> = {};
  let kept = 0;
  for (const entry of [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const previous = existing[entry.id];
    if (previous && previous.message !== entry.message) kept++;
    output[entry.id] = {
      message: previous?.message ?? entry.message,
      ...(entry.description !== undefined && { description: entry.description }),
    };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  return { file, count: Object.keys(output).length, kept };
}

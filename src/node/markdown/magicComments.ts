/**
 * Docusaurus's default magic comments: `highlight-next-line`, `highlight-start` / `highlight-end` written in a comment
 * of the block's language, on a line of their own. The lines are removed and the lines they name highlighted.
 */

// Comment forms as Docusaurus's codeBlockUtils names them (start and end, as regular expression sources).
const COMMENT_FORMS = {
  js: ['\\/\\/', ''],
  jsBlock: ['\\/\\*', '\\*\\/'],
  jsx: ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  lua: ['--', ''],
  wasm: ['\\;\\;', ''],
  tex: ['%', ''],
  vb: ["['‘’]", ''],
  vbnet: ["(?:_\\s*)?['‘’]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  f90: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
} as const;

type CommentForm = keyof typeof COMMENT_FORMS;

// Which comment forms each language's magic comments may use; any other language takes DEFAULT_FORMS.
const FORMS_BY_LANGUAGE: Record<string, readonly CommentForm[]> = {
  js: ['js', 'jsBlock'],
  javascript: ['js', 'jsBlock'],
  ts: ['js', 'jsBlock'],
  typescript: ['js', 'jsBlock'],
  jsx: ['js', 'jsBlock', 'jsx'],
  tsx: ['js', 'jsBlock', 'jsx'],
  html: ['js', 'jsBlock', 'html'],
  python: ['bash'],
  py: ['bash'],
  bash: ['bash'],
  markdown: ['html', 'jsx', 'bash'],
  md: ['html', 'jsx', 'bash'],
  tex: ['tex'],
  latex: ['tex'],
  matlab: ['tex'],
  lua: ['lua'],
  haskell: ['lua'],
  sql: ['lua', 'jsBlock'],
  wasm: ['wasm'],
  vb: ['vb', 'rem'],
  vba: ['vb', 'rem'],
  'visual-basic': ['vb', 'rem'],
  vbnet: ['vbnet', 'rem'],
  batch: ['rem'],
  basic: ['rem', 'f90'],
  fsharp: ['js', 'ml'],
  ocaml: ['ml'],
  sml: ['ml'],
  fortran: ['f90'],
  cobol: ['cobol'],
};
const DEFAULT_FORMS: readonly CommentForm[] = ['js', 'jsBlock', 'jsx', 'bash', 'html'];

const DIRECTIVES = 'highlight-next-line|highlight-start|highlight-end';
const directivePatterns = new Map<string, RegExp>();

/** The line that is a magic comment of `language`'s forms, capturing its directive. */
function directivePattern(language: string): RegExp {
  const forms = FORMS_BY_LANGUAGE[language] ?? DEFAULT_FORMS;
  const key = forms.join();
  let pattern = directivePatterns.get(key);
  if (!pattern) {
    const alternatives = forms.map((form) => {
      const [start, end] = COMMENT_FORMS[form];
      return `(?:${start}\\s*(${DIRECTIVES})\\s*${end})`;
    });
    pattern = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
    directivePatterns.set(key, pattern);
  }
  return pattern;
}

/** The code's lines without its magic comments, and the (0-based) indexes of the lines they highlight. */
export function applyMagicComments(
  lines: readonly string[],
  language: string,
): { lines: string[]; highlighted: Set<number> } {
  const pattern = directivePattern(language.toLowerCase());
  const kept: string[] = [];
  const highlighted = new Set<number>();
  const openBlocks: number[] = [];
  for (const line of lines) {
    const directive = pattern
      .exec(line)
      ?.slice(1)
      .find((group) => group !== undefined);
    if (directive === undefined) kept.push(line);
    else if (directive === 'highlight-next-line') highlighted.add(kept.length);
    else if (directive === 'highlight-start') openBlocks.push(kept.length);
    else {
      const start = openBlocks.pop();
      for (let index = start ?? kept.length; index < kept.length; index++) highlighted.add(index);
    }
  }
  return { lines: kept, highlighted };
}

import { createRequire } from 'node:module';
import type PrismModule from 'prismjs';
import type loadLanguagesModule from 'prismjs/components/index.js';
import { escapeHtml } from '../../shared/html.js';

const requireHere = createRequire(import.meta.url);

/**
 * Prism and its language loader, required by the first code block with a language rather than by every build (an
 * incremental build mostly renders a note or two; require's own cache keeps them once loaded).
 */
function loadPrism(): { Prism: typeof PrismModule; loadLanguages: typeof loadLanguagesModule } {
  const Prism = requireHere('prismjs') as typeof PrismModule;
  const loadLanguages = requireHere('prismjs/components/index.js') as typeof loadLanguagesModule;
  loadLanguages.silent = true;
  return { Prism, loadLanguages };
}

// Prism runs here at build time so the browser ships no highlighter; it is synchronous and fast
// for the few hundred fenced blocks a wiki holds.
const aliases: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  viml: 'vim',
  vimscript: 'vim',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  md: 'markdown',
  html: 'markup',
  xml: 'markup',
  svg: 'markup',
  yml: 'yaml',
  py: 'python',
  rs: 'rust',
  rb: 'ruby',
  'c++': 'cpp',
  'c#': 'csharp',
  cs: 'csharp',
  kt: 'kotlin',
  hs: 'haskell',
  edn: 'clojure',
  dockerfile: 'docker',
  tex: 'latex',
  ps1: 'powershell',
  text: 'plain',
  txt: 'plain',
  plaintext: 'plain',
};

export type Highlighter = (code: string, language: string) => string;

/** A highlighter for one build: languages are loaded into Prism on first use. */
export function createHighlighter(): Highlighter {
  const tried = new Set<string>();
  let prism: ReturnType<typeof loadPrism> | undefined;
  return (code, rawLanguage) => {
    const language = normalizeLanguage(rawLanguage);
    if (!language) return escapeHtml(code);
    const { Prism, loadLanguages } = (prism ??= loadPrism());
    if (!Prism.languages[language] && !tried.has(language)) {
      tried.add(language);
      loadLanguages([language]);
    }
    const grammar = Prism.languages[language];
    return grammar ? Prism.highlight(code, grammar, language) : escapeHtml(code);
  };
}

/** `Bash` -> `bash`, `viml` -> `vim`; an empty string when there is no language. */
export function normalizeLanguage(raw: string): string {
  const name = raw.trim().toLowerCase();
  return aliases[name] ?? name;
}

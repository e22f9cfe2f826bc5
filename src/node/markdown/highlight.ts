import { createRequire } from 'node:module';
import type PrismModule from 'prismjs';
import { escapeHtml } from '../../shared/html.js';

const requireHere = createRequire(import.meta.url);

/** Prism's list of its components (prismjs/components.json): what each language requires, embeds and modifies. */
interface PrismComponents {
  readonly languages: Record<string, PrismComponent>;
}

interface PrismComponent {
  readonly require?: string | readonly string[];
  /** Languages its grammar embeds when they are loaded before it (markdown's front matter: yaml). */
  readonly optional?: string | readonly string[];
  /** Languages whose grammars it changes when it loads (js-extras: javascript). */
  readonly modify?: string | readonly string[];
  readonly alias?: string | readonly string[];
}

/** Prism's dependency resolver (prismjs/dependencies.js): the ids to load, in load order. */
type PrismLoader = (components: PrismComponents, load: string[]) => { getIds(): string[] };

/**
 * Prism and a loader of its components, required by the first code block with a language rather than by every build
 * (an incremental build mostly renders a note or two; require's own cache keeps them once loaded).
 *
 * Not Prism's `loadLanguages`: it runs a component again when asked for it, or for one it depends on, and each run
 * adds the component's hooks once more (markdown's adds a class to every code block it holds). Here each component
 * runs once, after those it depends on, in one order for all (`rank`), the languages Prism starts with excepted.
 */
function loadPrism(): { Prism: typeof PrismModule; components: PrismComponents; load: (ids: string[]) => void } {
  const Prism = requireHere('prismjs') as typeof PrismModule;
  const components = requireHere('prismjs/components.json') as PrismComponents;
  const getLoader = requireHere('prismjs/dependencies.js') as PrismLoader;
  const all = Object.keys(components.languages).filter((id) => id !== 'meta');
  const rank = new Map(
    getLoader(components, all)
      .getIds()
      .map((id, index) => [id, index]),
  );
  const loaded = new Set(Object.keys(Prism.languages));
  const load = (ids: string[]) => {
    const wanted = ids.filter((id) => !loaded.has(id) && rank.has(id));
    for (const id of wanted.sort((a, b) => rank.get(a)! - rank.get(b)!)) {
      requireHere(`prismjs/components/prism-${id}.js`);
      loaded.add(id);
    }
  };
  return { Prism, components, load };
}

/**
 * The components to load before a language's first block so that its grammar is whole, whatever was loaded before:
 * those it requires, those it embeds when present, and those that modify any of these, each with its own. Prism builds
 * a grammar from what is loaded at that moment, and an add-on changes grammars loaded earlier: without this, a block's
 * HTML would depend on the blocks other notes had before it, and an incremental build would differ from a full one.
 */
export function wholeGrammarOf(language: string, components: PrismComponents): string[] {
  const { languages } = components;
  const canonical = new Map<string, string>();
  const modifiers = new Map<string, string[]>();
  for (const [id, component] of Object.entries(languages)) {
    for (const alias of listOf(component.alias)) canonical.set(alias, id);
    for (const modified of listOf(component.modify)) modifiers.set(modified, [...(modifiers.get(modified) ?? []), id]);
  }
  const found = new Set<string>();
  const visit = (name: string) => {
    const id = canonical.get(name) ?? name;
    const component = languages[id];
    if (found.has(id) || !component || id === 'meta') return;
    found.add(id);
    for (const next of [...listOf(component.require), ...listOf(component.optional), ...(modifiers.get(id) ?? [])])
      visit(next);
  };
  visit(language);
  return found.size > 0 ? [...found] : [language];
}

function listOf(value: string | readonly string[] | undefined): readonly string[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : value;
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

/** A highlighter for one build: languages are loaded into Prism on first use, each with its whole grammar. */
export function createHighlighter(): Highlighter {
  const loaded = new Set<string>();
  let prism: ReturnType<typeof loadPrism> | undefined;
  return (code, rawLanguage) => {
    const language = normalizeLanguage(rawLanguage);
    if (!language) return escapeHtml(code);
    const { Prism, components, load: loadComponents } = (prism ??= loadPrism());
    const load = (name: string) => {
      if (loaded.has(name)) return;
      loaded.add(name);
      loadComponents(wholeGrammarOf(name, components));
    };
    load(language);
    // Markdown highlights the code blocks inside it with the languages loaded then: those it names load first.
    if (language === 'markdown') for (const nested of fencedLanguages(code)) load(nested);
    const grammar = Prism.languages[language];
    return grammar ? Prism.highlight(code, grammar, language) : escapeHtml(code);
  };
}

/** The languages of the fenced blocks in Markdown, named as Prism's markdown grammar looks them up. */
function fencedLanguages(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const match of markdown.matchAll(/^[ \t]*(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm)) {
    const name = /[a-z][\w-]*/i.exec(match[1]!.replace(/\b#/g, 'sharp').replace(/\b\+\+/g, 'pp'));
    if (name) names.add(name[0].toLowerCase());
  }
  return names;
}

/** `Bash` -> `bash`, `viml` -> `vim`; an empty string when there is no language. */
export function normalizeLanguage(raw: string): string {
  const name = raw.trim().toLowerCase();
  return aliases[name] ?? name;
}

/**
 * Resolves the engine's own translation declarations at bundle time: `t({ id, message, description })` and
 * `<Translate id description>text</Translate>` in src/theme and src/client/search become the site's text, so the
 * browser ships strings instead of ids, defaults and descriptions (the first load has a 70 KB budget). A declaration
 * written another way is left as it is and resolved at runtime, with the same result; a unit test checks that every
 * engine declaration is inlined. Site files (theme overrides, pages) always resolve at runtime.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { enginePath } from '../engineRoot.js';

const srcDir = enginePath('src');
const engineDirs = [path.join(srcDir, 'theme') + path.sep, path.join(srcDir, 'client', 'search') + path.sep];

type Messages = Readonly<Record<string, string>>;

// A string literal; escapes (`\n` in a multi-line message) are decoded by unescape().
const STRING = String.raw`(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")`;
const DESCRIPTION = String.raw`(?:,\s*description:\s*(?:'[^'\\\n]*'|"[^"\\\n]*"))?`;
// t({ id: 'x', message: 'Text', description: '...' }) followed by `)` (no values: the call goes) or `,` (values follow).
const CALL = new RegExp(
  String.raw`\bt\(\s*\{\s*id:\s*'([\w.-]+)',\s*message:\s*${STRING}${DESCRIPTION},?\s*\}(\)|,)`,
  'g',
);
// <Translate id="x" description="...">Text</Translate> with plain text only.
const ELEMENT = /<Translate\s+id="([\w.-]+)"(?:\s+description="[^"]*")?\s*>([^<>{}]*)<\/Translate>/g;
const UNUSED_HOOK = /\n\s*const t = useTranslate\(\);/g;

/** The value of a string literal's body: `\n` and `\t` as the characters, any other escaped character as itself. */
function unescape(body: string): string {
  return body.replace(/\\(.)/g, (_match, char: string) => (char === 'n' ? '\n' : char === 't' ? '\t' : char));
}

/** The source with its declarations resolved against `messages`, and how many were. */
export function inlineTranslations(source: string, messages: Messages): { code: string; count: number } {
  let count = 0;
  const resolve = (id: string, fallback: string) => {
    count++;
    return JSON.stringify(Object.hasOwn(messages, id) ? messages[id] : fallback);
  };
  let code = source.replace(
    CALL,
    (_match, id: string, single: string | undefined, double: string | undefined, end: string) => {
      const text = resolve(id, unescape(single ?? double ?? ''));
      return end === ')' ? text : `t({ message: ${text} },`;
    },
  );
  // JSX text: lines are trimmed and joined with a space, as React does.
  code = code.replace(
    ELEMENT,
    (_match, id: string, text: string) => `{${resolve(id, text.trim().replace(/\s*\n\s*/g, ' '))}}`,
  );
  if (!/\bt\(/.test(code)) code = code.replace(UNUSED_HOOK, '');
  return { code, count };
}

/** Inlines the site's translations into the engine's theme and search files as esbuild loads them. */
export function inlineTranslationsPlugin(messages: Messages): Plugin {
  return {
    name: 'wiki-inline-translations',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (!engineDirs.some((dir) => args.path.startsWith(dir))) return undefined;
        const source = await fs.readFile(args.path, 'utf8');
        if (!source.includes('id')) return undefined;
        return { contents: inlineTranslations(source, messages).code, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

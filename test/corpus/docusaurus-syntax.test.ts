import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { articleText } from '../helpers/builtDocPages.js';
import { buildDocusaurusSite, describeFailedBuild, docusaurusSites } from './docusaurus/sites.js';

// No source syntax left visible: every page our engine builds from the three Docusaurus folders is scanned for
// Markdown/MDX that should have been rendered (or removed) and was printed as text instead. Docusaurus 3.10 shows
// none of these on the same folders (scripts/docusaurus-oracle.mjs builds them).

interface SyntaxRule {
  readonly name: string;
  readonly pattern: RegExp;
}

/** Looked for in the article's text outside `<pre>` and `<code>`, line by line. */
const PROSE_RULES: readonly SyntaxRule[] = [
  { name: 'an MDX import line', pattern: /^import\s+(?:[\w$*{}\s,]+\s+from\s+)?['"]/ },
  { name: 'an MDX export line', pattern: /^export\s+(?:const|let|var|function|class|default|async|\{|\*)/ },
  { name: 'an MDX comment', pattern: /\{\/\*|\*\/\}/ },
  { name: 'a JSX tag as text', pattern: /<\/|<[A-Z][\w.]*(?=[\s/>]|$)/ },
  { name: 'an admonition fence', pattern: /:::/ },
  { name: 'math delimiters', pattern: /\$\$/ },
  { name: 'a Markdown image', pattern: /!\[[^\]]*\]\(/ },
];

/** Looked for everywhere in the article, code included: Docusaurus removes these marker comments from code blocks. */
const CODE_RULES: readonly SyntaxRule[] = [
  { name: 'a line highlight comment', pattern: /highlight-next-line|highlight-start|highlight-end/ },
];

/** Every HTML page of a built site but the sidebar's own files, as [route-like path, file]. */
function builtHtmlPages(outDir: string): [string, string][] {
  return fs
    .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && !file.startsWith(`assets${path.sep}`))
    .sort()
    .map((file) => [`/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`, path.join(outDir, file)]);
}

/** Each rule's matches in a text, as `route: rule: "…context…"`. */
function findVisibleSyntax(route: string, text: string, rules: readonly SyntaxRule[]): string[] {
  return text.split('\n').flatMap((line) =>
    rules.flatMap((rule) => {
      const match = rule.pattern.exec(line);
      if (!match) return [];
      const start = Math.max(0, match.index - 40);
      return [`${route}: ${rule.name}: "${start > 0 ? '…' : ''}${line.slice(start, match.index + 60)}"`];
    }),
  );
}

const SHOWN = 80;

for (const name of docusaurusSites) {
  describe(`no source syntax visible on the pages built from ${name}`, () => {
    it('shows no import/export lines, MDX comments, JSX tags, :::, $$, raw images or highlight comments', async () => {
      const build = await buildDocusaurusSite(name);
      if (!build.built) assert.fail(describeFailedBuild(name, build));
      const pages = builtHtmlPages(build.outDir);
      assert.ok(pages.length > 0, `${name}: the build wrote no HTML page in ${build.outDir}`);
      const hits = pages.flatMap(([route, file]) => {
        const html = fs.readFileSync(file, 'utf8');
        return [
          ...findVisibleSyntax(route, articleText(html, { withCode: false }), PROSE_RULES),
          ...findVisibleSyntax(route, articleText(html, { withCode: true }), CODE_RULES),
        ];
      });
      const more = hits.length > SHOWN ? `\n... and ${hits.length - SHOWN} more` : '';
      assert.equal(
        hits.length,
        0,
        `${hits.length} piece(s) of source syntax visible on ${name}'s pages:\n${hits.slice(0, SHOWN).join('\n')}${more}`,
      );
    });
  });
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitFrontMatter } from '../../src/node/notes/frontMatter.js';

// Notes whose front matter is fine: fields, body and the number of lines the block takes.
const validCases: readonly {
  name: string;
  source: string;
  frontMatter: Record<string, unknown>;
  body: string;
  offset: number;
}[] = [
  {
    name: 'title and position',
    source: '---\ntitle: Rust\nsidebar_position: 2\n---\n# Rust\n',
    frontMatter: { title: 'Rust', sidebar_position: 2 },
    body: '# Rust\n',
    offset: 4,
  },
  { name: 'no front matter', source: '# Rust\n\ntext\n', frontMatter: {}, body: '# Rust\n\ntext\n', offset: 0 },
  {
    name: 'a --- block that does not open the file',
    source: 'text\n---\ntitle: x\n---\n',
    frontMatter: {},
    body: 'text\n---\ntitle: x\n---\n',
    offset: 0,
  },
  { name: 'an unclosed block', source: '---\ntitle: x\n', frontMatter: {}, body: '---\ntitle: x\n', offset: 0 },
  { name: 'an empty block', source: '---\n---\nbody', frontMatter: {}, body: 'body', offset: 2 },
  {
    name: 'CRLF line endings',
    source: '---\r\ntitle: Hi\r\n---\r\nbody',
    frontMatter: { title: 'Hi' },
    body: 'body',
    offset: 3,
  },
  {
    name: 'trailing spaces after ---',
    source: '--- \ntitle: x\n---  \nbody',
    frontMatter: { title: 'x' },
    body: 'body',
    offset: 3,
  },
  {
    name: 'null edit URL and pagination',
    source: '---\ncustom_edit_url: null\npagination_prev: null\npagination_next: web/vite\n---\n',
    frontMatter: { custom_edit_url: null, pagination_prev: null, pagination_next: 'web/vite' },
    body: '',
    offset: 5,
  },
  {
    name: 'every typed field',
    source:
      '---\nid: rust\nslug: /lang/rust\nsidebar_label: Rust!\ndescription: About Rust\nkeywords: [rust, async]\nhide_title: true\nhide_table_of_contents: false\ndraft: false\n---\nx',
    frontMatter: {
      id: 'rust',
      slug: '/lang/rust',
      sidebar_label: 'Rust!',
      description: 'About Rust',
      keywords: ['rust', 'async'],
      hide_title: true,
      hide_table_of_contents: false,
      draft: false,
    },
    body: 'x',
    offset: 10,
  },
  {
    name: 'unknown keys kept as they are',
    source: '---\ntitle: Hi\naliases: [a, b]\nmy_key:\n  nested: 1\n---\nbody',
    frontMatter: { title: 'Hi', aliases: ['a', 'b'], my_key: { nested: 1 } },
    body: 'body',
    offset: 6,
  },
  {
    name: "Obsidian's singular tag and alias, for their plurals when those are not set",
    source: '---\ntag: rust, async\nalias: Other\n---\nbody',
    frontMatter: { tag: 'rust, async', tags: ['rust', 'async'], alias: 'Other', aliases: ['Other'] },
    body: 'body',
    offset: 4,
  },
  {
    name: 'a plural set keeps its own value beside the singular',
    source: '---\ntags: [a]\ntag: b\n---\nbody',
    frontMatter: { tags: ['a'], tag: 'b' },
    body: 'body',
    offset: 4,
  },
  {
    name: 'values converted as Docusaurus converts them: numbers to text, numeric and boolean text to values',
    source:
      '---\ntitle: 1984\nid: 123\nkeywords: [2021, rust]\nsidebar_position: " 3.5 "\n' +
      'toc_max_heading_level: "4"\nhide_title: "TRUE"\ndraft: "false"\n---\nbody',
    frontMatter: {
      title: '1984',
      id: '123',
      keywords: ['2021', 'rust'],
      sidebar_position: 3.5,
      toc_max_heading_level: 4,
      hide_title: true,
      draft: false,
    },
    body: 'body',
    offset: 9,
  },
  {
    name: 'a multi-line value',
    source: '---\ndescription: >\n  long\n  text\n---\nbody',
    frontMatter: { description: 'long text\n' },
    body: 'body',
    offset: 5,
  },
];

describe('splitFrontMatter: valid notes', () => {
  for (const c of validCases) {
    it(c.name, () => {
      const split = splitFrontMatter(c.source);
      assert.deepEqual(split.problems, []);
      assert.deepEqual(split.frontMatter, c.frontMatter);
      assert.equal(split.body, c.body);
      assert.equal(split.bodyLineOffset, c.offset);
    });
  }
});

// Broken front matter: each problem names the field (or says it is YAML), its line in the file, and a fix.
interface ProblemCase {
  readonly name: string;
  readonly source: string;
  /** One entry per expected problem, matched in any order. */
  readonly problems: readonly { line: number; message: RegExp; hint: RegExp }[];
  /** Fields that survive next to the invalid ones. */
  readonly kept: Record<string, unknown>;
  readonly body: string;
}

const yamlHint = /Fix the YAML between the two --- lines/;

const problemCases: readonly ProblemCase[] = [
  {
    name: 'invalid YAML (a colon inside a value)',
    source: '---\ntitle: a: b\n---\nbody',
    problems: [{ line: 2, message: /^Invalid YAML front matter: .*mapping/i, hint: yamlHint }],
    kept: {},
    body: 'body',
  },
  {
    name: 'invalid YAML (a duplicate key on line 4)',
    source: '---\ntitle: a\ndescription: x\ntitle: b\n---\nbody',
    problems: [{ line: 4, message: /^Invalid YAML front matter: Map keys must be unique/, hint: yamlHint }],
    kept: {},
    body: 'body',
  },
  {
    name: 'a list instead of a mapping',
    source: '---\n- a\n- b\n---\nbody',
    problems: [{ line: 2, message: /must be a YAML mapping/, hint: /`key: value`/ }],
    kept: {},
    body: 'body',
  },
  {
    name: 'sidebar_position: two',
    source: '---\ntitle: Hi\nsidebar_position: two\n---\nbody',
    problems: [{ line: 3, message: /`sidebar_position`.*expected number/, hint: /`sidebar_position: 2`/ }],
    kept: { title: 'Hi' },
    body: 'body',
  },
  {
    name: 'sidebar_position after a multi-line value',
    source: '---\ndescription: >\n  long\n  text\nsidebar_position: [1]\n---\nbody',
    problems: [{ line: 5, message: /`sidebar_position`/, hint: /sidebar_position: 2/ }],
    kept: { description: 'long text\n' },
    body: 'body',
  },
  {
    name: 'title: true (a boolean where text is meant: Docusaurus converts numbers only)',
    source: '---\ntitle: true\ndraft: true\n---\n',
    problems: [{ line: 2, message: /`title`.*expected string/, hint: /Give `title` a string value/ }],
    kept: { draft: true },
    body: '',
  },
  {
    name: 'sidebar_position: "3rd" (text that is no number)',
    source: '---\nsidebar_position: "3rd"\n---\n',
    problems: [{ line: 2, message: /`sidebar_position`.*expected number/, hint: /a number value/ }],
    kept: {},
    body: '',
  },
  {
    name: 'draft: yes (a string in YAML 1.2)',
    source: '---\ndraft: yes\nslug: /x\n---\n',
    problems: [{ line: 2, message: /`draft`.*expected boolean/, hint: /`true` or `false`/ }],
    kept: { slug: '/x' },
    body: '',
  },
  {
    name: 'keywords: rust (not a list)',
    source: '---\nkeywords: rust\n---\n',
    problems: [{ line: 2, message: /`keywords`/, hint: /keywords: \[rust, async\]/ }],
    kept: {},
    body: '',
  },
  {
    name: 'an id with a slash',
    source: '---\nid: a/b\ntitle: T\n---\n',
    problems: [{ line: 2, message: /`id`.*must not contain a slash/, hint: /id: my-note/ }],
    kept: { title: 'T' },
    body: '',
  },
  {
    name: 'several invalid fields at once, valid and unknown ones kept',
    source: '---\ntitle: Kept\nkeywords: rust\ndraft: yes\naliases: [x]\nhide_title: 1\n---\nbody',
    problems: [
      { line: 3, message: /`keywords`/, hint: /keywords/ },
      { line: 4, message: /`draft`/, hint: /`true` or `false`/ },
      { line: 6, message: /`hide_title`/, hint: /`true` or `false`/ },
    ],
    kept: { title: 'Kept', aliases: ['x'] },
    body: 'body',
  },
  {
    name: 'a singular tag of the wrong shape, named as written, on its line',
    source: '---\ntitle: T\ntag: { a: 1 }\n---\nbody',
    problems: [{ line: 3, message: /^Front matter field `tag` is invalid/, hint: /Give `tag` an array value/ }],
    kept: { title: 'T', tag: { a: 1 } }, // kept as any field the schema does not know, as the tags it is not
    body: 'body',
  },
];

describe('splitFrontMatter: problems', () => {
  for (const c of problemCases) {
    it(c.name, () => {
      const split = splitFrontMatter(c.source);
      assert.equal(split.problems.length, c.problems.length, JSON.stringify(split.problems));
      for (const expected of c.problems) {
        const found = split.problems.find((p) => p.line === expected.line && expected.message.test(p.message));
        assert.ok(
          found,
          `no problem on line ${expected.line} matching ${expected.message}: ${JSON.stringify(split.problems)}`,
        );
        assert.match(found.hint, expected.hint);
      }
      assert.deepEqual(split.frontMatter, c.kept);
      assert.equal(split.body, c.body, 'the note keeps its body');
    });
  }
});

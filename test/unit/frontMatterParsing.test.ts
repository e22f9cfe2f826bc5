/** Front matter read as gray-matter (which Docusaurus uses) reads it: its quirks are warnings, never lost notes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitFrontMatter } from '../../src/node/notes/frontMatter.js';

describe('splitFrontMatter: delimiters', () => {
  const closings: readonly { name: string; source: string; line: number; dashes: string }[] = [
    { name: 'closed by ----', source: '---\ntitle: Four\n----\n# Body\n', line: 3, dashes: '----' },
    {
      name: 'closed by ------ with CRLF',
      source: '---\r\ntitle: Four\r\n------\r\n# Body\n',
      line: 3,
      dashes: '------',
    },
    {
      name: 'closed by ---- after two fields',
      source: '---\ntitle: Four\nslug: /x\n----  \n# Body\n',
      line: 4,
      dashes: '----',
    },
  ];
  for (const c of closings)
    it(`${c.name}: read as ---, with a warning on its line`, () => {
      const split = splitFrontMatter(c.source);
      assert.equal(split.frontMatter.title, 'Four');
      assert.equal(split.body, '# Body\n');
      assert.equal(split.bodyLineOffset, c.line);
      assert.equal(split.problems.length, 1);
      const [problem] = split.problems;
      assert.equal(problem!.severity, 'warning');
      assert.equal(problem!.line, c.line);
      assert.match(problem!.message, new RegExp(`closed by \`${c.dashes}\`; it was read as the closing \`---\``));
      assert.match(problem!.hint, /exactly `---`/);
    });

  it('an opening ---- is not front matter (gray-matter does not read it either)', () => {
    const split = splitFrontMatter('----\ntitle: x\n---\nbody');
    assert.deepEqual(split.frontMatter, {});
    assert.equal(split.body, '----\ntitle: x\n---\nbody');
    assert.deepEqual(split.problems, []);
  });

  it('a closing ---- does not swallow a later --- rule into the YAML', () => {
    const split = splitFrontMatter('---\ntitle: T\n----\n\nText\n\n---\n\nMore: text\n');
    assert.equal(split.frontMatter.title, 'T');
    assert.equal(split.body, '\nText\n\n---\n\nMore: text\n');
    assert.equal(split.problems.filter((problem) => problem.severity !== 'warning').length, 0);
  });
});

describe('splitFrontMatter: empty values', () => {
  it('a field with nothing after it is absent, not an error', () => {
    const split = splitFrontMatter('---\ntitle: T\ndescription:\nkeywords:\nsidebar_position:\nhide_title:\n---\nbody');
    assert.deepEqual(split.problems, []);
    assert.deepEqual(split.frontMatter, { title: 'T' });
  });

  it('a field that takes null keeps it (no edit link), and unknown empty fields are kept as they are', () => {
    const split = splitFrontMatter('---\ncustom_edit_url:\npagination_next:\nmy_field:\n---\n');
    assert.deepEqual(split.problems, []);
    assert.deepEqual(split.frontMatter, { custom_edit_url: null, pagination_next: null, my_field: null });
  });
});

describe('splitFrontMatter: YAML errors point at the fix', () => {
  const errors: readonly { name: string; source: string; line: number; hint: RegExp }[] = [
    {
      name: 'a value with ": " in it',
      source: '---\ntitle: Rust: the book\n---\n',
      line: 2,
      hint: /line 2, quote the value: `title: "Rust: the book"`/,
    },
    {
      name: 'a value starting with a reserved character',
      source: '---\nid: x\ndescription: @home setup\n---\n',
      line: 3,
      hint: /line 3, quote the value: `description: "@home setup"`/,
    },
    {
      name: 'an unclosed list',
      source: '---\ntitle: T\ntags: [a, b\n---\n',
      line: 4,
      hint: /line 3, close the list it opens with `\]`/,
    },
    { name: 'a tab as indentation', source: '---\ntags:\n\t- a\n---\n', line: 3, hint: /line 3, indent with spaces/ },
    {
      name: 'a key given twice',
      source: '---\ntitle: A\ntitle: B\n---\n',
      line: 3,
      hint: /line 3, keep one of the two values/,
    },
  ];
  for (const c of errors)
    it(c.name, () => {
      const split = splitFrontMatter(c.source);
      assert.equal(split.problems.length, 1, JSON.stringify(split.problems));
      const [problem] = split.problems;
      assert.equal(problem!.line, c.line);
      assert.match(problem!.message, /^Invalid YAML front matter: /);
      assert.match(problem!.hint, /^Fix the YAML between the two --- lines: /);
      assert.match(problem!.hint, c.hint);
    });
});

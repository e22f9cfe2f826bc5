import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCalloutHeader } from '../../src/node/markdown/obsidian/callouts.js';
import { findInlineTags } from '../../src/node/markdown/obsidian/inlineTags.js';
import {
  cleanObsidianExcerpt,
  parseEmbedOptions,
  parseWikilink,
  wikilinkText,
} from '../../src/node/markdown/obsidian/syntax.js';
import { extractSection } from '../../src/node/markdown/obsidian/transclusion.js';
import { splitFrontMatter } from '../../src/node/notes/frontMatter.js';

describe('parseWikilink and the text Obsidian shows', () => {
  const cases: readonly [string, ReturnType<typeof parseWikilink>, string][] = [
    ['Note', { path: 'Note' }, 'Note'],
    ['Note|Alias', { path: 'Note', alias: 'Alias' }, 'Alias'],
    [
      'authoring content \\| Authoring Content',
      { path: 'authoring content', alias: 'Authoring Content' },
      'Authoring Content',
    ],
    ['Note#Heading', { path: 'Note', fragment: 'Heading' }, 'Note > Heading'],
    ['Note#A#B', { path: 'Note', fragment: 'B' }, 'Note > B'],
    ['#Local', { path: '', fragment: 'Local' }, 'Local'],
    ['Note#^blk', { path: 'Note', fragment: '^blk' }, 'Note > ^blk'],
    ['folder/ |Folder', { path: 'folder/', alias: 'Folder' }, 'Folder'],
  ];
  for (const [inner, parts, text] of cases) {
    it(`[[${inner}]] -> "${text}"`, () => {
      assert.deepEqual(parseWikilink(inner), parts);
      assert.equal(wikilinkText(parseWikilink(inner)), text);
    });
  }
});

describe('parseEmbedOptions', () => {
  const cases: readonly [string | undefined, ReturnType<typeof parseEmbedOptions>][] = [
    [undefined, {}],
    ['300', { width: 300 }],
    ['300x200', { width: 300, height: 200 }],
    ['A cat', { alt: 'A cat' }],
    ['A cat|120', { width: 120, alt: 'A cat' }],
  ];
  for (const [alias, options] of cases) it(String(alias), () => assert.deepEqual(parseEmbedOptions(alias), options));
});

describe('parseCalloutHeader', () => {
  const cases: readonly [string, ReturnType<typeof parseCalloutHeader>][] = [
    ['[!note]', { type: 'note', title: 'Note', length: 7 }],
    ['[!EXAMPLE] Examples\nbody', { type: 'example', title: 'Examples', length: 20 }],
    ['[!summary]- Closed', { type: 'abstract', fold: 'closed', title: 'Closed', length: 18 }],
    ['[!done]+', { type: 'success', fold: 'open', title: 'Done', length: 8 }],
    ['[!custom] Mine', { type: 'note', title: 'Mine', length: 14 }],
    ['[! note]', undefined],
    ['text [!note]', undefined],
  ];
  for (const [text, header] of cases)
    it(text.split('\n')[0]!, () => assert.deepEqual(parseCalloutHeader(text), header));
});

describe('findInlineTags', () => {
  const cases: readonly [string, readonly string[]][] = [
    ['#a and #b/c, #a', ['a', 'b/c']],
    ['# Heading\n## Sub #in-heading', ['in-heading']],
    ['#123 #1a x#y http://h.org/#frag', ['1a']],
    ['`#code` ``x #c2 x``\n\n```\n#fenced\n```\n%% #hidden %% <!-- #html -->', []],
    ['#émigré #日本', ['émigré', '日本']],
  ];
  for (const [body, tags] of cases) it(JSON.stringify(body), () => assert.deepEqual(findInlineTags(body), tags));
});

describe('extractSection', () => {
  const body =
    '# Title\n\nIntro.\n\n## Part One\n\nOne. ^blk\n\n```\n## not a heading\n```\n\n### Sub\n\nSub text\n\n## Part Two\n\nTwo.';
  const cases: readonly [string, string | undefined][] = [
    ['Part One', '## Part One\n\nOne. ^blk\n\n```\n## not a heading\n```\n\n### Sub\n\nSub text\n'],
    ['part-two', '## Part Two\n\nTwo.'],
    ['Sub', '### Sub\n\nSub text\n'],
    ['^blk', 'One. ^blk'],
    ['not a heading', undefined],
    ['Nope', undefined],
  ];
  for (const [fragment, text] of cases) it(fragment, () => assert.equal(extractSection(body, fragment)?.text, text));
});

describe('cleanObsidianExcerpt', () => {
  const cases: readonly [string, string][] = [
    ['See [[Note|the note]] and [[Other#Part]]', 'See the note and Other > Part'],
    ['![[pic.png]] A ==big== idea %%hidden%%', 'A big idea'],
    ['[!tip] Title here', 'Title here'],
  ];
  for (const [line, clean] of cases) it(line, () => assert.equal(cleanObsidianExcerpt(line), clean));
});

describe('front matter tags and aliases in Obsidian forms', () => {
  const cases: readonly [string, unknown, unknown][] = [
    ['tags: component', ['component'], undefined],
    ['tags: a, b', ['a', 'b'], undefined],
    ['tags:\n  - plugin/transformer\n  -\n  - "#x"', ['plugin/transformer', 'x'], undefined],
    ['tags:', undefined, undefined],
    ['aliases: Other name', undefined, ['Other name']],
    ['aliases:\n  - One\n  - Two', undefined, ['One', 'Two']],
    ['aliases:\ndescription:', undefined, undefined],
  ];
  for (const [yaml, tags, aliases] of cases) {
    it(yaml.replace(/\n/g, ' / '), () => {
      const split = splitFrontMatter(`---\n${yaml}\n---\nBody`);
      assert.deepEqual(split.problems, []);
      assert.deepEqual(split.frontMatter.tags, tags);
      assert.deepEqual(split.frontMatter.aliases, aliases);
    });
  }
});

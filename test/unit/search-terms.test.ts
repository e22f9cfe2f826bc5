import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_TERM_LENGTH, scanTerms, tokenize } from '../../src/shared/search.js';
import { TermTable } from '../../src/node/search/termTable.js';

/**
 * The definition scanTerms implements without a regex: lower-cased runs of letters and digits, long ones left out,
 * joined by a dot before a letter (node.js), led by a dot that follows no word (.net), ended by `+`/`#` (c++, c#).
 */
const TERM = /(?:(?<![\p{L}\p{N}])\.(?=[a-z]))?[\p{L}\p{N}]+(?:\.[a-z][\p{L}\p{N}]*)*(?:[+#]+(?![\p{L}\p{N}]))?/gu;
function tokenizeByRegex(text: string): string[] {
  return (text.toLowerCase().match(TERM) ?? []).filter((term) => term.length <= MAX_TERM_LENGTH);
}

describe('terms', () => {
  const cases = [
    'Kubernetes Operators: a how-to (v1.29)',
    'Größe, ÉCOLE, naïve café — 東京 タワー, Ünïcödé',
    'İstanbul', // lower-cases to two UTF-16 units
    'math 𝒜𝒷𝒸 and 𝟙𝟚 digits, emoji 😀 apart', // letters and digits outside the BMP (surrogate pairs)
    'lone \uD835 high and \uDC9C low surrogates',
    `${'a'.repeat(MAX_TERM_LENGTH)} ${'b'.repeat(MAX_TERM_LENGTH + 1)} end`,
    'snake_case and kebab-case, e-mail@host.example, a\u200Bb',
    '',
    '   ...   ',
  ];
  for (const text of cases)
    test(`tokenize ${JSON.stringify(text)} as the regex does`, () =>
      assert.deepEqual(tokenize(text), tokenizeByRegex(text)));

  const punctuated: Array<[string, string[], string[]]> = [
    ['C# and F#', ['c#', 'and', 'f#'], ['c#', 'c', 'and', 'f#', 'f']],
    ['C++ (a+b)', ['c++', 'a', 'b'], ['c++', 'c', 'a', 'b']],
    ['.NET, Node.js.', ['.net', 'node.js'], ['.net', 'net', 'node.js', 'node', 'js']],
    ['v1.29 e.g. x.2', ['v1', '29', 'e.g', 'x', '2'], ['v1', '29', 'e.g', 'e', 'g', 'x', '2']],
  ];
  for (const [text, query, indexed] of punctuated)
    test(`punctuated names stay one term: ${JSON.stringify(text)}`, () => {
      assert.deepEqual(tokenize(text), query);
      assert.deepEqual(tokenize(text, { parts: true }), indexed);
    });

  test('scanTerms hands out ranges of the lower-cased text', () => {
    const ranges: string[] = [];
    scanTerms('Hello, WORLD', (lower, start, end) => ranges.push(`${lower.slice(start, end)}@${start}`));
    assert.deepEqual(ranges, ['hello@0', 'world@7']);
  });
});

describe('TermTable', () => {
  test('one id per distinct range content, in order of first appearance, through many resizes', () => {
    const table = new TermTable();
    const text = Array.from({ length: 20_000 }, (_, n) => `t${n % 10_000}`).join(' ');
    const ids: number[] = [];
    scanTerms(text, (lower, start, end) => ids.push(table.idOf(lower, start, end)));
    assert.equal(table.terms.length, 10_000);
    assert.deepEqual(ids.slice(0, 3), [0, 1, 2]);
    assert.deepEqual(ids.slice(10_000, 10_003), [0, 1, 2]);
    assert.equal(table.terms[9_999], 't9999');
  });

  test('ranges of equal length and different content get different ids', () => {
    const table = new TermTable();
    assert.deepEqual(
      [table.idOf('ab ba ab', 0, 2), table.idOf('ab ba ab', 3, 5), table.idOf('ab ba ab', 6, 8)],
      [0, 1, 0],
    );
  });
});

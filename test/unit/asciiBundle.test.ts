/**
 * bin/asciiBundle.mjs: the engine's bundle is made ASCII-only (read as one-byte text at every start) without changing
 * what it does, or left as it is where that cannot be done.
 */
import assert from 'node:assert/strict';
import { isAscii } from 'node:buffer';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { repoRoot } from '../helpers/cli.js';

const { asciiOnly } = (await import(pathToFileURL(path.join(repoRoot, 'bin/asciiBundle.mjs')).href)) as {
  asciiOnly: (code: string) => string | undefined;
};

/** What the code evaluates to, as JSON (its values are of another realm). */
const run = (code: string): string => JSON.stringify(vm.runInNewContext(code));

test('leaves ASCII code as it is', () => {
  const code = 'const a = /x/g; a.source;';
  assert.equal(asciiOnly(code), code);
});

test("replaces comments' characters one for one, so every position after them stays", () => {
  const code = 'const a = 1; // café ☕\n/* naïve 😀 */ const b = "\\u00e9"; [a, b];';
  const ascii = asciiOnly(code)!;
  assert.ok(isAscii(Buffer.from(ascii)), ascii);
  assert.equal(ascii.length, code.length);
  assert.equal(ascii.indexOf('const b'), code.indexOf('const b'));
  assert.equal(run(ascii), '[1,"é"]');
});

test('makes a regular expression literal a RegExp of the same pattern, source and flags', () => {
  const literal = String.raw`/"\/ü\d…[ẞ]/giu`;
  // The string is escaped, as esbuild writes strings; the literal's characters are not.
  const code = `const re = ${literal}; [re.source, re.flags, 'a"/\\u00fc1\\u2026\\u1e9e'.replace(re, '-'), 6 / 2 / 3];`;
  const ascii = asciiOnly(code)!;
  assert.ok(isAscii(Buffer.from(ascii)), ascii);
  assert.match(ascii, /new RegExp\(/);
  assert.equal(run(ascii), run(code));
});

test("leaves code as it is where a character is a tagged template's text (its raw value)", () => {
  assert.equal(asciiOnly('const t = String.raw`é`; t;'), undefined);
});

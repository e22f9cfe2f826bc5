/**
 * The engine's CLI bundle made ASCII-only, so that the launcher reads it as one-byte text (bin/codeCache.mjs): a bundle
 * with any other character is decoded as UTF-8 into a two-byte string, which costs every start (bench/README.md,
 * "Engine start-up"). esbuild escapes such characters in strings and names, but not in comments nor in regular
 * expression literals, and some dependencies have them there. Plain JavaScript: bin/engine.mjs runs it as it bundles.
 */
import Module from 'node:module';
import vm from 'node:vm';
import { tokenizer } from 'acorn';

const NON_ASCII = /[^\0-\x7f]/g;

/**
 * `code` with no character outside ASCII, or undefined when that would change what it does. A comment's characters
 * become '?', one for one, so every position stays where the source map says; a regular expression literal becomes
 * `new RegExp("<pattern>", "<flags>")`, the same pattern (its `source` too) and flags, the rest of its line a few
 * columns further. Elsewhere (a tagged template's text, whose raw value it is) nothing is changed: undefined.
 */
export function asciiOnly(code) {
  if (isAscii(code)) return code;
  const edits = []; // [start, end, replacement], in the order of the code
  const onComment = (_block, _text, start, end) => {
    const comment = code.slice(start, end);
    if (!isAscii(comment)) edits.push([start, end, comment.replace(NON_ASCII, '?')]);
  };
  try {
    const options = { ecmaVersion: 'latest', allowHashBang: true, allowReturnOutsideFunction: true, onComment };
    for (const token of tokenizer(code, options)) {
      if (isAscii(code.slice(token.start, token.end))) continue;
      if (token.type.label !== 'regexp') return undefined;
      const { pattern, flags } = token.value;
      edits.push([token.start, token.end, `new RegExp(${escapeNonAscii(JSON.stringify(pattern))}, "${flags}")`]);
    }
  } catch {
    return undefined; // what acorn cannot read is left as it is
  }
  let result = '';
  let at = 0;
  for (const [start, end, replacement] of edits) {
    result += code.slice(at, start) + replacement;
    at = end;
  }
  result += code.slice(at);
  return isAscii(result) && compiles(result) ? result : undefined;
}

function isAscii(text) {
  NON_ASCII.lastIndex = 0;
  return !NON_ASCII.test(text);
}

/** A JSON string literal's characters outside ASCII as `\uXXXX` escapes (each UTF-16 unit of a pair on its own). */
function escapeNonAscii(literal) {
  return literal.replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Whether V8 takes the code as a CommonJS module's body, wrapped as the launcher wraps it (bin/codeCache.mjs). */
function compiles(code) {
  try {
    new vm.Script(Module.wrap(code));
    return true;
  } catch {
    return false;
  }
}

/**
 * The config schema's problems as the build reports them (src/node/config/configIssues.ts): a misspelt field names the
 * nearest known one, wherever it is (nested, in an array's items, in one shape of a union); a value that fits no shape
 * of a union is described by the shape it comes closest to.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeConfigIssues } from '../../src/node/config/configIssues.js';
import { siteConfigSchema } from '../../src/node/config/schema.js';
import { editDistance, nearestNames } from '../../src/node/nearestNames.js';

const base = { title: 'T', url: 'https://t.example.com' };

function problems(config: Record<string, unknown>, source?: string): string[] {
  const value = { ...base, ...config };
  const result = siteConfigSchema.safeParse(value);
  assert.ok(!result.success, 'the config is invalid');
  return describeConfigIssues(result.error.issues, value, source);
}

describe('config problems', () => {
  it('name the nearest known field beside a misspelt one, at the root and nested', () => {
    assert.deepEqual(problems({ navbr: {}, zzz: 1 }), [
      'unknown field(s) "navbr" (did you mean "navbar"?), "zzz". Fix: remove them or check the spelling against the documented fields.',
    ]);
    assert.deepEqual(problems({ docs: { showLastUpdateTim: true } }), [
      'docs: unknown field(s) "showLastUpdateTim" (did you mean "showLastUpdateTime"?). Fix: remove them or check the spelling against the documented fields.',
    ]);
  });

  it("name it in an array's items, through the navbar items' lazy schema", () => {
    assert.deepEqual(problems({ navbar: { items: [{ label: 'Home', to: '/', positon: 'left' }] } }), [
      'navbar.items.0: unknown field(s) "positon" (did you mean "position"?). Fix: remove them or check the spelling against the documented fields.',
    ]);
  });

  it("describe a value that fits no shape of a union by the closest shape's problems", () => {
    const source = "export default {\n  footer: { links: [{ title: 'Docs', itmes: [] }] },\n};\n";
    assert.deepEqual(problems({ footer: { links: [{ title: 'Docs', itmes: [] }] } }, source), [
      'footer.links.0.items: expected array. Fix: set footer.links.0.items to an array value.',
      'line 2, footer.links.0: unknown field(s) "itmes" (did you mean "items"?). Fix: remove them or check the spelling against the documented fields.',
    ]);
  });
});

describe('nearestNames', () => {
  it('keeps names within a third of the length (two edits at least), nearest first, case aside', () => {
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.deepEqual(nearestNames('Navbr', ['navbar', 'footer', 'nav']), ['navbar']);
    assert.deepEqual(nearestNames('colour', ['colorMode', 'footer']), []);
    assert.deepEqual(nearestNames('tittle', ['title', 'tagline', 'titleDelimiter'], 3), ['title']);
  });
});

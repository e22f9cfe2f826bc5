/**
 * Stage 7's link check (src/node/pipeline/checkLinks.ts) on notes given here: a broken anchor's fix names the page's
 * heading id nearest the one written, else a few of its ids.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BuildContext } from '../../src/node/context.js';
import { DiagnosticList } from '../../src/node/diagnostics.js';
import { checkLinks, type LinkCheckNote } from '../../src/node/pipeline/checkLinks.js';
import { asRoute } from '../../src/shared/paths.js';

function note(route: string, headings: string[], anchors: string[] = []): LinkCheckNote {
  return {
    route: asRoute(route),
    filePath: `/docs${route}.md`,
    headings: headings.map((id) => ({ id })),
    htmlIds: [],
    links: anchors.map((id, index) => ({
      target: `to.md#${id}`,
      line: index + 3,
      resolved: { href: `/to#${id}`, external: false, anchor: { route: asRoute('/to'), id } },
    })),
  };
}

function hintsFor(anchors: string[]): (string | undefined)[] {
  const diagnostics = new DiagnosticList();
  const context = {
    diagnostics,
    displayPath: (file: string) => file.slice(1),
    config: { onBrokenLinks: 'warn', onBrokenAnchors: 'warn' },
  } as unknown as BuildContext;
  const to = note('/to', ['installing-the-tools', 'configuration', 'first-steps']);
  checkLinks([note('/from', [], anchors), to], context);
  return diagnostics.items.map((d) => d.hint);
}

describe('a broken anchor', () => {
  it("is told the page's heading id nearest the one written", () => {
    assert.deepEqual(hintsFor(['configuraton', 'first-step']), [
      'Did you mean #configuration? It is the page\'s heading id nearest "configuraton".',
      'Did you mean #first-steps? It is the page\'s heading id nearest "first-step".',
    ]);
  });

  it('is shown a few of its ids when none is near', () => {
    assert.deepEqual(hintsFor(['nowhere']), [
      'Use one of its heading ids (e.g. #installing-the-tools, #configuration, #first-steps).',
    ]);
  });
});

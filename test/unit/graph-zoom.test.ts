/** The graph view's fit (src/client/graph/zoom.ts): the box around every node, whatever their number. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitView } from '../../src/client/graph/zoom.js';

const box = { clientWidth: 400, clientHeight: 200 } as HTMLElement;

describe('fitView', () => {
  it('centres a view a quarter wider than the nodes span, at the box aspect', () => {
    const view = fitView([{ x: -100, y: 0 }, { x: 300, y: 50 }, { y: -10 }], box)!;
    assert.equal(view.width, 400 * 1.25);
    assert.equal(view.x, 100 - view.width / 2);
    assert.equal(view.y, 20 - (view.width * 0.5) / 2);
  });

  it('fits 200,000 nodes (more than one call can take as arguments)', () => {
    const nodes = Array.from({ length: 200_000 }, (_, n) => ({ x: n % 1000, y: Math.floor(n / 1000) }));
    const view = fitView(nodes, box)!;
    assert.equal(view.width, 999 * 1.25);
    assert.equal(view.x, 999 / 2 - view.width / 2);
  });

  it('is undefined for no nodes or a box not shown', () => {
    assert.equal(fitView([], box), undefined);
    assert.equal(fitView([{ x: 1, y: 1 }], { clientWidth: 0, clientHeight: 0 } as HTMLElement), undefined);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecentMap } from '../../src/shared/recentMap.js';

describe('RecentMap', () => {
  it('keeps only its most recently used entries: a read counts as a use', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    assert.equal(map.get('a'), 1); // now b is the least recent
    map.set('c', 3);
    assert.equal(map.size, 2);
    assert.equal(map.get('b'), undefined);
    assert.equal(map.get('a'), 1);
    assert.equal(map.get('c'), 3);
  });

  it('replaces a value without counting it twice', () => {
    const map = new RecentMap<string, number | null>(2);
    map.set('a', null);
    map.set('a', 2);
    map.set('b', 3);
    assert.equal(map.size, 2);
    assert.equal(map.get('a'), 2);
  });
});

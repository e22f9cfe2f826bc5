/** The build side's path helpers: inside a folder or not, and `/`-separated paths below a folder. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isPathInside, isRelativeBelow, posixPathBelow, toPosixPath } from '../../src/node/filePaths.js';

const dir = path.resolve('/site/docs');

describe('isPathInside', () => {
  it('holds for the folder itself and what is below it', () => {
    assert.equal(isPathInside(dir, dir), true);
    assert.equal(isPathInside(path.join(dir, 'a.md'), dir), true);
    assert.equal(isPathInside(path.join(dir, 'web', 'a.md'), dir), true);
  });

  it('does not hold for its parent, a sibling, or a folder that only starts with its name', () => {
    assert.equal(isPathInside(path.dirname(dir), dir), false);
    assert.equal(isPathInside(path.resolve('/site/static/a.png'), dir), false);
    assert.equal(isPathInside(path.resolve('/site/docs-old/a.md'), dir), false);
  });

  it('holds for a name that starts with two dots (it is not the way up)', () => {
    assert.equal(isPathInside(path.join(dir, '..notes', 'a.md'), dir), true);
    assert.equal(isRelativeBelow(`..notes${path.sep}a.md`), true);
    assert.equal(isRelativeBelow(`..${path.sep}a.md`), false);
    assert.equal(isRelativeBelow('..'), false);
    assert.equal(isRelativeBelow(''), false);
  });
});

describe('posixPathBelow', () => {
  it('is the path from the folder with / between its parts', () => {
    assert.equal(posixPathBelow(dir, path.join(dir, 'web', 'nodejs', 'a.md')), 'web/nodejs/a.md');
    assert.equal(toPosixPath(['web', 'a.md'].join(path.sep)), 'web/a.md');
  });

  it('is undefined for the folder itself and for what is outside it', () => {
    assert.equal(posixPathBelow(dir, dir), undefined);
    assert.equal(posixPathBelow(dir, path.resolve('/site/static/a.png')), undefined);
  });
});

/** Search records of the largest note of the real corpus: every word of it is found in them. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createMarkdownRenderer, renderNote } from '../../src/node/markdown/renderNote.js';
import { buildSearchRecords } from '../../src/node/search/records.js';
import { asDocId, asRoute, asSourcePath } from '../../src/shared/paths.js';
import { wordsMissingFromRecords } from '../helpers/recordWords.js';
import { corpusDir } from './sharedFolder.js';

test('every word of the largest real note (370 KB) is in its records, deep sections included', () => {
  const body = fs.readFileSync(
    path.join(corpusDir, 'programming-languages/rust/rust-libraries/rust-libraries.md'),
    'utf8',
  );
  const rendered = renderNote(createMarkdownRenderer(), {
    sourcePath: asSourcePath('rust-libraries.md'),
    body,
    lineOffset: 0,
    resolveLink: (href) => ({ href, external: true }),
  });
  const html = rendered.html;
  const note = {
    id: asDocId('rust-libraries'),
    route: asRoute('/rust-libraries/'),
    title: 'Rust libraries',
    html,
    headings: rendered.headings,
    contentHasTitle: rendered.headings[0]?.level === 1,
  };
  const records = buildSearchRecords({ docs: [note], pages: [], urlPrefix: '/' });
  assert.deepEqual(wordsMissingFromRecords(html, records).slice(0, 10), []);
  assert.ok(records.some((record) => record.content?.includes('Emerging Rust GUI libraries in a WASM world')));
  assert.ok(
    records.every((record) => (record.content ?? '').length <= 1500),
    'records stay small',
  );
});

/**
 * `wiki dev` answers only to localhost names (DNS rebinding defence): the Host check as a table (a real dev server's
 * answers: test/filesystem/dev-host.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHostCheck } from '../../src/node/server/index.js';

describe('createHostCheck', () => {
  const cases: Array<[bind: string, host: string | undefined, allowed: boolean]> = [
    ['127.0.0.1', 'localhost', true],
    ['127.0.0.1', 'localhost:3000', true],
    ['127.0.0.1', 'LOCALHOST:3000', true],
    ['127.0.0.1', 'docs.localhost:3000', true],
    ['127.0.0.1', '127.0.0.1:3000', true],
    ['127.0.0.1', '127.0.0.1', true],
    ['127.0.0.1', '[::1]:3000', true],
    ['127.0.0.1', 'evil.example', false],
    ['127.0.0.1', 'evil.example:3000', false],
    ['127.0.0.1', 'localhost.evil.example', false],
    ['127.0.0.1', 'evil.example#localhost', false],
    ['127.0.0.1', 'localhost@evil.example', false],
    ['127.0.0.1', '192.168.1.5:3000', false],
    ['127.0.0.1', '', false],
    ['127.0.0.1', undefined, false],
    ['mybox.lan', 'mybox.lan:3000', true],
    ['mybox.lan', 'MyBox.lan', true],
    ['mybox.lan', 'localhost:3000', true],
    ['mybox.lan', 'other.lan', false],
    ['192.168.1.5', '192.168.1.5:3000', true],
    ['192.168.1.5', '192.168.1.6:3000', false],
    ['0.0.0.0', '192.168.1.5:3000', true],
    ['0.0.0.0', '[fe80::1]:3000', true],
    ['0.0.0.0', 'evil.example', false],
    ['::', '10.0.0.2', true],
    ['::1', '[::1]:3000', true],
  ];
  for (const [bind, host, allowed] of cases) {
    it(`--host ${bind}: ${allowed ? 'answers' : 'refuses'} Host ${JSON.stringify(host)}`, () => {
      assert.equal(createHostCheck(bind)(host) === undefined, allowed);
    });
  }

  it('says why it refused and how to allow the name', () => {
    const message = createHostCheck('127.0.0.1')('wiki.example:3000')!;
    assert.match(message, /host "wiki\.example:3000"/);
    assert.match(message, /DNS rebinding/);
    assert.match(message, /--host wiki\.example/);
  });
});

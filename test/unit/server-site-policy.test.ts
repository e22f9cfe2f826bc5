/** The site server's base path and policy from the config (src/node/server/basePath.ts, sitePolicy.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { siteConfigSchema } from '../../src/node/config/schema.js';
import { matchBasePath, withBasePath } from '../../src/node/server/basePath.js';
import { defaultContentSecurityPolicy } from '../../src/node/server/headers.js';
import { buildContentSecurityPolicy, searchOrigins } from '../../src/node/server/sitePolicy.js';

const configWith = (extra: Record<string, unknown>) =>
  siteConfigSchema.parse({ title: 'T', url: 'https://t.example.com', ...extra });

describe('base path', () => {
  const cases: [string, string, ReturnType<typeof matchBasePath>][] = [
    ['/a?q=1', '/', { inside: true, siteUrl: '/a?q=1' }],
    ['/wiki/', '/wiki/', { inside: true, siteUrl: '/' }],
    ['/wiki/a/b?q', '/wiki/', { inside: true, siteUrl: '/a/b?q' }],
    ['/wiki', '/wiki/', { inside: false, location: '/wiki/' }],
    ['/other', '/wiki/', { inside: false, location: '/wiki/' }],
    ['/my%20notes/x', '/my notes/', { inside: true, siteUrl: '/x' }],
  ];
  for (const [url, base, expected] of cases)
    it(`${url} under ${base}`, () => assert.deepEqual(matchBasePath(url, base), expected));

  it('puts redirects back under the base', () => {
    assert.equal(withBasePath('/a/', '/wiki/'), '/wiki/a/');
    assert.equal(withBasePath('/a/', '/'), '/a/');
  });
});

describe('content security policy', () => {
  it('is the same-origin default without analytics or hosted search', () => {
    assert.equal(buildContentSecurityPolicy(configWith({})), defaultContentSecurityPolicy);
  });

  it("adds Algolia's read hosts, or the configured host alone", () => {
    const algolia = { provider: 'algolia', appId: 'APP', apiKey: 'k', indexName: 'i' };
    assert.deepEqual(searchOrigins(configWith({ search: algolia }).search), [
      'https://app-dsn.algolia.net',
      'https://app-1.algolianet.com',
      'https://app-2.algolianet.com',
      'https://app-3.algolianet.com',
    ]);
    const proxied = configWith({ search: { ...algolia, host: 'http://127.0.0.1:8108/x' } });
    assert.deepEqual(searchOrigins(proxied.search), ['http://127.0.0.1:8108']);
  });

  it('widens script-src and connect-src only', () => {
    const policy = buildContentSecurityPolicy(configWith({ analytics: { trackingID: 'G-1' } }));
    const changed = policy.split('; ').filter((directive) => !defaultContentSecurityPolicy.includes(directive));
    assert.deepEqual(
      changed.map((directive) => directive.split(' ')[0]),
      ['script-src', 'connect-src'],
    );
  });
});

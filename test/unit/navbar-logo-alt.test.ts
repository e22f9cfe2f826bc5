/** The navbar logo's alt text: decorative beside a shown title, never a repeat of it (Lighthouse image-redundant-alt). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { navbarLogoAlt } from '../../src/theme/Navbar/logoAlt.js';

describe('navbar logo alt', () => {
  it('is empty beside a shown title when the config gives none (as Docusaurus)', () => {
    assert.equal(navbarLogoAlt({ src: '/logo.svg' }, 'My wiki', 'My wiki'), '');
  });
  it('is empty when the configured alt only repeats the shown title', () => {
    assert.equal(navbarLogoAlt({ src: '/logo.svg', alt: ' My wiki ' }, 'My wiki', 'Site'), '');
  });
  it('keeps a configured alt that says something else', () => {
    assert.equal(navbarLogoAlt({ src: '/logo.svg', alt: 'Company crest' }, 'My wiki', 'Site'), 'Company crest');
  });
  it('keeps a configured alt when no title is shown', () => {
    assert.equal(navbarLogoAlt({ src: '/logo.svg', alt: 'My wiki' }, undefined, 'My wiki'), 'My wiki');
  });
  it('names the site when the logo is the link alone', () => {
    assert.equal(navbarLogoAlt({ src: '/logo.svg' }, undefined, 'Site'), 'Site logo');
    assert.equal(navbarLogoAlt({ src: '/logo.svg' }, '  ', 'Site'), 'Site logo');
  });
});

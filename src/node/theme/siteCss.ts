/**
 * Stylesheets of a site's theme overrides and pages (`import './Footer.css'`), shared by both bundles: the browser's
 * gathers them, lazy pages' too, into one file beside its entry (linked after the theme's, so site rules win), with
 * the images and fonts they point to; the server renderer's drops them, since pages only link CSS.
 */
import type { Loader, Plugin } from 'esbuild';

/** Files a site stylesheet may point to with url(): copied to assets/ under a hashed name. */
const CSS_ASSET_EXTENSIONS = [
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
];

export const browserCssLoaders: Readonly<Record<string, Loader>> = Object.fromEntries(
  CSS_ASSET_EXTENSIONS.map((extension) => [extension, 'file']),
);

export const serverCssLoaders: Readonly<Record<string, Loader>> = { '.css': 'empty' };

/**
 * CSS modules would need the same generated class names from two separate bundles (the server's and the browser's),
 * which esbuild does not promise; a plain stylesheet with class names of the site's own needs nothing of the kind.
 */
export const noCssModulesPlugin: Plugin = {
  name: 'wiki-no-css-modules',
  setup(build) {
    build.onResolve({ filter: /\.module\.css$/ }, () => ({
      errors: [
        {
          text: 'CSS modules (.module.css) are not supported: import a plain .css file and give its classes a prefix of your own (e.g. .site-footer-note).',
        },
      ],
    }));
  },
};

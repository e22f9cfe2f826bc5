// Lint: the recommended sets (JavaScript, typescript-eslint, the rules of hooks), no import cycles, and the four sides
// of src/ kept apart: node builds, client runs in the browser, theme renders on both, shared is what both use.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Node's built-in modules, by both names ('fs' and 'node:fs'): the browser has none of them. */
const nodeBuiltins = {
  paths: builtinModules.map((name) => ({ name, message: 'Node built-ins do not exist in the browser.' })),
  patterns: [{ group: ['node:*'], message: 'Node built-ins do not exist in the browser.' }],
};

/** Packages only the build runs: bundlers, the Markdown pipeline, server-side rendering, the file watcher. */
const buildPackages = [
  'esbuild',
  'typescript',
  'tsx',
  'chokidar',
  'markdown-it',
  'markdown-it-container',
  'sanitize-html',
  'prismjs',
  'yaml',
  'react-dom/server',
].map((name) => ({ name, message: 'A build-side package: browser code must not import it.' }));

const browserCode = {
  paths: [...nodeBuiltins.paths, ...buildPackages],
  patterns: nodeBuiltins.patterns,
};

/**
 * What each side may not import from the others, by resolved path (so a relative path of any depth and the
 * `@theme/*` alias count alike). The build renders the theme to HTML, but only in src/node/render.
 */
const sideZones = [
  {
    target: './src/shared',
    from: ['./src/node', './src/client', './src/theme'],
    message: 'src/shared imports only src/shared: both the build and the browser run it.',
  },
  {
    target: './src/theme',
    from: ['./src/node', './src/client'],
    message: 'The theme renders props: it imports only src/theme and src/shared.',
  },
  {
    target: './src/client',
    from: './src/node',
    message: 'Browser code cannot import the build (move shared types to src/shared).',
  },
  {
    target: './src/node',
    from: './src/client',
    message: 'The build cannot import browser code (move shared types to src/shared).',
  },
  {
    target: ['./src/node/!(render)/**', './src/node/*'],
    from: './src/theme',
    message: 'Only src/node/render renders the theme; elsewhere the build passes it data.',
  },
];

export default defineConfig([
  globalIgnores([
    'node_modules/',
    'native/build/',
    'docs/',
    // Fixture sites are test inputs (one theme override does not parse on purpose).
    'test/fixtures/',
    'build/',
    '.build.wiki/',
    '.wiki-cache/',
    'tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  // TypeScript checks names itself (typescript-eslint turns no-undef off there); plain JavaScript here runs in Node.
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Follow imports into TypeScript files (parsed as typescript-eslint parses them) to find cycles.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: sideZones }],
      // A leading underscore marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/client/**', 'src/theme/**', 'src/node/render/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/client/**', 'src/theme/**'],
    rules: { 'no-restricted-imports': ['error', browserCode] },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\./)', message: 'src/shared imports only src/shared (no packages): both sides run it.' },
          ],
        },
      ],
    },
  },
]);

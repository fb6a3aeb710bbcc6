import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const foldersOf = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
/** The storefront's features and the console's: src/features/<name>/, src/console-features/<name>/. */
const features = foldersOf('./src/features');
const consoleFeatures = foldersOf('./src/console-features');

const TESTS = ['src/**/*.test.{ts,tsx}', 'src/**/*-test-kit.{ts,tsx}'];

/**
 * `no-restricted-imports` for the files of one layer: a relative import that names any of the
 * `forbidden` folders of src/ fails the lint with `message`. The regexes match the folder wherever
 * the path climbs to (`../app/`, `../../app/`), and `import()` is checked too.
 */
function layerRule(forbidden, message) {
  // '/' written as \x2F: the selector's /regex/ may not contain a slash.
  const source = String.raw`^(\.\.\x2F)+(${forbidden.map((f) => f.replaceAll('/', String.raw`\x2F`)).join('|')})(\x2F|$)`;
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex: source, message }] }],
    'no-restricted-syntax': ['error', { selector: `ImportExpression > Literal[value=/${source}/]`, message }],
  };
}

/** A layer's rule for its files, and the same without `testing` for its tests and test kits. */
function layer(folder, forbidden, message) {
  return [
    { files: [`${folder}/**/*.{ts,tsx}`], rules: layerRule([...forbidden, 'testing'], message) },
    { files: TESTS.map((t) => t.replace('src/**/', `${folder}/**/`)), rules: layerRule(forbidden, message) },
  ];
}

function layers() {
  const above = (...folders) => [...folders, 'app', 'features', 'console-features'];
  return [
    ...layer('src/lib', above('state', 'api', 'widgets'), 'lib is the bottom layer: it imports nothing of src/ but lib and i18n'),
    ...layer('src/state', above('api', 'widgets'), 'state (the sessions) sits below api: it imports lib only'),
    ...layer('src/api', above('widgets'), 'api imports lib and state only (never widgets, features or an app)'),
    ...layer('src/widgets', above(), 'widgets are shared by features: they import lib, state and api, never a feature or an app'),
    // test kits for every test: the two apps' stores (and the console's routes) are allowed, features are not
    ...layer('src/testing', ['console', 'features', 'console-features'], 'testing/ is shared by every test: no feature'),
    ...features.flatMap((feature) =>
      // From src/features/<feature>/, '../<other>/' is another feature.
      layer(
        `src/features/${feature}`,
        ['app', 'features', 'console-features', ...features.filter((f) => f !== feature)],
        `features import lib, state, api and widgets: not an app, not another feature (${feature})`,
      ),
    ),
    ...consoleFeatures.flatMap((feature) =>
      // The console's features keep the storefront's rules; '../<other>/' is another console feature.
      layer(
        `src/console-features/${feature}`,
        ['app', 'features', 'console-features', ...consoleFeatures.filter((f) => f !== feature)],
        `console features import lib, state, api and widgets: not an app, not another feature (${feature})`,
      ),
    ),
    ...layer('src/app/storefront', ['console', 'app/console', 'console-features'], 'the storefront does not import the console'),
    ...layer('src/app/console', ['storefront', 'app/storefront', 'features'], 'the console does not import the storefront or its features'),
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  // Layers, one way (web/README.md "Layers"): lib → state → api → widgets → features and
  // console-features → app/<name>. A file may import its own layer and the layers below it; features
  // not each other; the storefront not the console's features, the console not the storefront's;
  // the two apps not each other; testing/ (test kits: fake servers, the apps' stores, the console's
  // routes) only from tests and test kits. Every relative import is checked by the path it names (see `layerRule`).
  ...layers(),
);

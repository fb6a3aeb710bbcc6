import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

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
  const above = (...folders) => [...folders, 'app', 'features'];
  return [
    ...layer('src/lib', above('state', 'api', 'widgets'), 'lib is the bottom layer: it imports nothing of src/ but lib and i18n'),
    ...layer('src/state', above('api', 'widgets'), 'state (the sessions) sits below api: it imports lib only'),
    ...layer('src/api', above('widgets'), 'api imports lib and state only (never widgets, features or an app)'),
    ...layer('src/widgets', above(), 'widgets are shared by features: they import lib, state and api, never a feature or an app'),
    // test kits for every test: the storefront's store is allowed, the console and features are not
    ...layer('src/testing', ['app/console', 'console', 'features'], 'testing/ is shared by every test: no feature, no console'),
    ...features.flatMap((feature) =>
      // From src/features/<feature>/, '../<other>/' is another feature.
      layer(
        `src/features/${feature}`,
        ['app', 'features', ...features.filter((f) => f !== feature)],
        `features import lib, state, api and widgets: not an app, not another feature (${feature})`,
      ),
    ),
    ...layer('src/app/storefront', ['console', 'app/console'], 'the storefront does not import the console'),
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
  // Layers, one way (web/README.md "Layers"): lib → state → api → widgets → features → app/<name>.
  // A file may import its own layer and the layers below it; features not each other; the two
  // apps not each other; testing/ (test kits: a fake server, the storefront's store) only from tests
  // and test kits. Every relative import is checked by the path it names (see `layerRule`).
  ...layers(),
);

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

function layers() {
  const appsAndFeatures = ['app', 'features'];
  return [
    { files: ['src/lib/**/*.{ts,tsx}'], rules: layerRule(['state', 'api', 'widgets', 'testing', ...appsAndFeatures], 'lib is the bottom layer: it imports nothing of src/ but lib and i18n') },
    { files: ['src/state/**/*.{ts,tsx}'], rules: layerRule(['api', 'widgets', 'testing', ...appsAndFeatures], 'state (the session) sits below api: it imports lib only') },
    { files: ['src/api/**/*.{ts,tsx}'], rules: layerRule(['widgets', 'testing', ...appsAndFeatures], 'api imports lib and state only (never widgets, features or an app)') },
    { files: ['src/widgets/**/*.{ts,tsx}'], rules: layerRule(['testing', ...appsAndFeatures], 'widgets are shared by features: they import lib, state and api, never a feature or an app') },
    { files: ['src/testing/**/*.{ts,tsx}'], rules: layerRule(['app/console', 'console', 'features'], 'testing/ is shared by every test: no feature, no console') },
    {
      files: ['src/{api,widgets}/**/*.test.{ts,tsx}'],
      rules: layerRule(appsAndFeatures, 'tests of api and widgets use testing/, never a feature or an app (tests across features live in app/storefront)'),
    },
    ...features.flatMap((feature) => {
      // From src/features/<feature>/: '../<other>/' is another feature.
      const others = features.filter((f) => f !== feature);
      const message = `features import lib, state, api and widgets: not an app, not another feature (${feature})`;
      return [
        { files: [`src/features/${feature}/**/*.{ts,tsx}`], rules: layerRule(['app', 'testing', 'features', ...others], message) },
        { files: TESTS.map((t) => t.replace('src/**/', `src/features/${feature}/**/`)), rules: layerRule(['app', 'features', ...others], message) },
      ];
    }),
    { files: ['src/app/storefront/**/*.{ts,tsx}'], rules: layerRule(['console', 'app/console'], 'the storefront does not import the console') },
    {
      files: ['src/app/console/**/*.{ts,tsx}'],
      rules: layerRule(['storefront', 'app/storefront', 'features'], 'the console does not import the storefront or its features'),
    },
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

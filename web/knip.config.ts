import type { KnipConfig } from 'knip';

/**
 * `npm run unused` (and `npm run lint`): files, exports and exported types nothing uses. Knip's
 * plugins read vite.config.ts (index.html's script, the vitest include and setup files),
 * playwright.config.ts and eslint.config.js; what they cannot see is named here.
 */
const config: KnipConfig = {
  entry: [
    // admin.html's script: the console's own build (`vite build --mode console`), which knip's Vite
    // plugin does not follow (it reads index.html only)
    'src/app/console/main.tsx',
    // `make test` (scripts/test.sh) prints it after failed browser tests
    'scripts/e2e-digest.mjs',
  ],
  project: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.config.{ts,js}'],
  playwright: {
    // `make e2e` and `make bench` (`-c playwright.bench.config.ts`); their testMatch are regexes,
    // which knip does not read
    config: ['playwright.config.ts', 'playwright.bench.config.ts'],
    entry: ['e2e/**/*.spec.ts', 'e2e/**/*.bench.ts'],
  },
};

export default config;

import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real `jpmall` binary (JPMALL_BIN, default ../target/release/jpmall)
 * serving web/dist on a free port with a fresh SQLite data folder (see e2e/global-setup.ts), one
 * server for every worker.
 * Debian's Chromium is used: Playwright's own browser download cannot work here.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: './e2e/global-setup.ts',
  // Tests run side by side in separate workers against the one server, in any order (even two of
  // one file at once). Every test registers its own sellers (the demo seller is used by the fund
  // top-up test alone) and takes its own products (see productWithStock in shop.ts), so none
  // depends on another's state or order. Two workers fit the 2-core CI machine; E2E_WORKERS
  // overrides (1 runs them one by one).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // The after-sale and coupon flows walk a whole order's life (about 40 s here); a 2-core CI machine
  // under a parallel build ran one past 60 s.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/artifacts',
  // The JSON report feeds the digest `make test` prints last when a test failed.
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    // A click, a navigation or a wait for an answer that never comes fails on its own line, not as
    // the whole test's timeout with no place named (an after-sale flow did so in CI).
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `make bench`'s browser timings (e2e/*.bench.ts): the e2e suite's server and browser, one worker
 * so that runs do not share the machine with each other.
 */
export default defineConfig({
  ...base,
  testMatch: /.*\.bench\.ts$/,
  workers: 1,
  fullyParallel: false,
  reporter: [['list']],
  // Playwright's trace records every context a test opens, the timed ones too: that work ran on the
  // same 2 cores as the page and added to its times.
  use: { ...base.use, trace: 'off', screenshot: 'off', video: 'off' },
});

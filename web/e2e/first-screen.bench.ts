import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './helpers';
import { median, timeFirstScreen, type FirstScreenTiming } from './timing';

// Not part of `make test` (playwright.config.ts runs *.spec.ts): `make bench` runs this file
// through playwright.bench.config.ts and prints the medians.
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const SCREENS = [
  { name: '/', path: '/?site=', selector: '.product-grid .product-tile[data-product-id]', target: 600 },
  { name: '/ (English)', path: '/?site=', selector: '.product-grid .product-tile[data-product-id]', target: 600, language: 'en_US' },
  { name: '/login', path: '/login?site=', selector: '.login-submit', target: null },
];

function describeRun(run: FirstScreenTiming): string {
  const lines = run.requests
    .filter((r) => r.kind !== 'other')
    .map((r) => `    wave ${r.wave}  ${String(r.start).padStart(4)}-${String(r.end).padEnd(4)} ms  ${r.kind.padEnd(8)} ${r.name}`);
  return lines.join('\n');
}

for (const screen of SCREENS) {
  test(`first screen of ${screen.name}, cold cache`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000 + RUNS * 15_000);
    // one run to let the server render its pictures and warm its own caches: the browser's is what is cold
    await timeFirstScreen(browser, `${baseURL}${screen.path}`, screen.selector, screen.language);
    const runs: FirstScreenTiming[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await timeFirstScreen(browser, `${baseURL}${screen.path}`, screen.selector, screen.language));
    const ready = median(runs.map((r) => r.readyMs));
    const typical = [...runs].sort((a, b) => Math.abs(a.readyMs - ready) - Math.abs(b.readyMs - ready))[0];
    const firstData = typical.requests.find((r) => r.kind === 'data');
    const summary = [
      `first screen ${screen.name}: ${ready} ms median from navigation to ${screen.selector} shown (${RUNS} cold runs: ${runs.map((r) => r.readyMs).join(', ')} ms)${screen.target ? `; target <= ${screen.target} ms` : ''}`,
      `  request waves ${median(runs.map((r) => r.waves))} (median), JS files ${typical.jsFiles}; first data call starts at ${firstData ? `${firstData.start} ms` : '-'}`,
      '  timeline of the median run:',
      describeRun(typical),
    ].join('\n');
    console.log(summary);
    const dir = resolve(import.meta.dirname, '..', 'test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `bench-first-screen${screen.name === '/' ? '-home' : screen.name.replace(/[^A-Za-z]+/g, '-').replace(/-$/, '')}.json`), JSON.stringify({ ready, runs }, null, 2));
    expect(ready).toBeGreaterThan(0);
  });
}

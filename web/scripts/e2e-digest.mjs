// Prints, in a few lines, why browser tests failed: the test, the line that failed and what was
// expected there, from the JSON report of the last run; then what the test server logged above INFO.
// `make test` prints it last, so that a CI log cut to its tail still says what went wrong.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const results = resolve(import.meta.dirname, '..', 'test-results');
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

function* failedTests(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected') yield { spec, test };
    }
  }
  for (const inner of suite.suites ?? []) yield* failedTests(inner);
}

const report = resolve(results, 'results.json');
if (existsSync(report)) {
  const { suites = [], errors = [] } = JSON.parse(readFileSync(report, 'utf8'));
  for (const error of errors) console.log(`browser tests: ${plain(error.message ?? '').split('\n')[0]}`);
  for (const suite of suites) {
    for (const { spec, test } of failedTests(suite)) {
      const last = test.results.at(-1) ?? {};
      const error = last.error ?? {};
      const where = error.location ? `${error.location.file.replace(/.*\/e2e\//, 'e2e/')}:${error.location.line}` : '';
      console.log(`FAILED ${spec.file}:${spec.line} (${last.status}, ${Math.round((last.duration ?? 0) / 1000)} s) at ${where}`);
      const lines = plain(error.message ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => /^(Error|Locator|Expected|Received|Timeout|Call log)/.test(line) || line.startsWith('- '));
      for (const line of lines.slice(0, 4)) console.log(`  ${line.slice(0, 200)}`);
    }
  }
}

const serverLog = resolve(results, 'jpmall-serve.log');
if (existsSync(serverLog)) {
  const lines = plain(readFileSync(serverLog, 'utf8')).split('\n');
  const noted = lines.filter((line) => /\b(WARN|ERROR)\b/.test(line) && !line.includes('PAYMENT SIMULATOR'));
  const slow = lines.filter((line) => Number(/latency=(\d+) ms/.exec(line)?.[1] ?? 0) >= 5000);
  console.log(`test server: ${noted.length} warnings or errors, ${slow.length} answers slower than 5 s`);
  for (const line of [...noted, ...slow].slice(0, 4)) console.log(`  ${line.slice(0, 240)}`);
}

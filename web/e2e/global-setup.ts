import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request } from '@playwright/test';

const webDir = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Seeds a demo market (`jpmall seed --products 300`) into a fresh data folder (SQLite:
 * DATABASE_URL unset), starts `jpmall serve` on a free port with it, waits until it answers, and
 * returns the teardown that stops it. The server runs in that empty folder with no JPMALL_WEB_DIST:
 * every page comes from the web built into the binary, as in a deployment (`make test` relinks the
 * binary after `npm run build`; set JPMALL_E2E_WEB_DIST to serve web/dist from disk instead).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = resolve(webDir, process.env.JPMALL_BIN ?? '../target/release/jpmall');
  if (!existsSync(bin)) {
    throw new Error(`jpmall binary not found at ${bin}: build it (cargo build --release) or set JPMALL_BIN`);
  }
  const dist = resolve(webDir, 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('web/dist missing: run `npm run build` first');

  const dataDir = mkdtempSync(join(tmpdir(), 'jpmall-e2e-'));
  const port = await freePort();
  // Operator calls (e.g. approving a withdrawal) need this token in the `operator-token` header.
  const operatorToken = randomBytes(16).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    JPMALL_DATA_DIR: dataDir,
    JPMALL_OPERATOR_TOKEN: operatorToken,
  };
  delete env.JPMALL_WEB_DIST;
  if (process.env.JPMALL_E2E_WEB_DIST) env.JPMALL_WEB_DIST = resolve(process.env.JPMALL_E2E_WEB_DIST);
  delete env.DATABASE_URL;
  delete env.JPMALL_PRODUCTION;
  delete env.JPMALL_ADDR;
  delete env.JPMALL_PUBLIC_URL; // pay links then name the address the browser used

  const logPath = join(webDir, 'test-results', 'jpmall-serve.log');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(webDir, 'test-results'), { recursive: true });
  // A deterministic demo market (stalls, products with pictures, notices, tutorials, resources)
  // in the same data folder, before the server starts.
  const seed = spawnSync(bin, ['seed', '--products', '300'], { env, encoding: 'utf8', timeout: 300_000 });
  writeFileSync(join(webDir, 'test-results', 'jpmall-seed.log'), `${seed.stdout ?? ''}${seed.stderr ?? ''}`);
  if (seed.status !== 0) {
    throw new Error(`jpmall seed --products 300 failed (${seed.error?.message ?? `exit ${seed.status}`}); see test-results/jpmall-seed.log`);
  }

  const log = createWriteStream(logPath);
  const child = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`], {
    env,
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`jpmall serve exited with ${exited}; see ${logPath}`);
    try {
      const response = await fetch(`${base}/jpmall/addons/unishop/areaSite/getAreaSites`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`jpmall serve did not answer within 60 s; see ${logPath}`);
    }
    await sleep(250);
  }

  process.env.JPMALL_BASE_URL = base;
  process.env.JPMALL_E2E_BIN = bin;
  process.env.JPMALL_E2E_DATA_DIR = dataDir;
  process.env.JPMALL_E2E_OPERATOR_TOKEN = operatorToken;

  // The password-reset test needs a second SMS to one phone, and the server allows one per phone a
  // minute: register its account now, so the cooldown runs out while the other tests run.
  const { registerViaApi, newMobile } = await import('./helpers');
  const context = await request.newContext({ baseURL: base });
  const resetMobile = newMobile();
  await registerViaApi(context, resetMobile);
  await context.dispose();
  process.env.JPMALL_E2E_RESET_MOBILE = resetMobile;

  return async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        new Promise<boolean>((r) => child.once('exit', () => r(true))),
        sleep(5_000).then(() => false),
      ]);
      if (!stopped) child.kill('SIGKILL');
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

#!/usr/bin/env node
// Prints the gzip size of the JavaScript the first screen loads (entry chunk and its static
// imports, the catalogue loaded before the first render, and the screen's own chunks), listed by
// part (entry, catalogue, layout, screen, shared chunks, Ant Design) for each first screen, and
// the largest chunk, and the brotli size of the same files as the server sends them (the
// build's precompressed `.br` siblings). Reads the Vite manifest of `npm run build`. Used by
// `make bench`. The staff console (admin.html) is a build of its own with its own manifest
// (.vite/console-manifest.json): it is reported apart and never counted in the storefront's
// numbers, and the storefront's manifest must not name a console module.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json missing: run `npm run build` first');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** What is sent to a browser that accepts brotli: the precompressed sibling, else the file itself. */
const br = (file) => {
  const sibling = join(dist, `${file}.br`);
  return existsSync(sibling) ? statSync(sibling).size : statSync(join(dist, file)).size;
};

function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((k) => manifest[k].isEntry);
const isConsole = (path) => path.startsWith('src/app/console/') || path.startsWith('src/console-features/');
const consoleModules = Object.keys(manifest).filter((k) => isConsole(k) || isConsole(manifest[k].src ?? ''));
if (consoleModules.length > 0) {
  console.error(`the storefront's build includes console modules: ${consoleModules.join(', ')}`);
  process.exit(1);
}
// Loaded before the first render (main.tsx): the catalogue only. Ant Design's provider and locale
// load beside the screens that use Ant Design (lib/antd-scope.tsx); the first screens do not.
const language = ['src/i18n/zh_CN.json'];
const antd = ['src/lib/antd-scope.tsx', 'node_modules/antd/es/locale/zh_CN.js'];
const screens = {
  '/login': ['src/features/auth/login-screen.tsx'],
  '/': ['src/app/storefront/site-layout.tsx', 'src/features/catalog/home-screen.tsx'],
  '/personalData': ['src/app/storefront/site-layout.tsx', ...antd, 'src/features/personal/personal-data-screen.tsx'],
  '/recentnew': ['src/app/storefront/site-layout.tsx', ...antd, 'src/features/catalog/product-list-screen.tsx'],
  '/goodsDetail': ['src/app/storefront/site-layout.tsx', ...antd, 'src/features/catalog/product-detail-screen.tsx'],
};
// Screens reached from the first one: reported, not counted as the first screen.
const later = new Set(['/personalData', '/recentnew', '/goodsDetail']);

const entryFiles = closure(entryKey);
const entryBytes = [...entryFiles].reduce((sum, f) => sum + gz(f), 0);
console.log(`entry chunk and static imports: ${kb(entryBytes)} gzip (${entryFiles.size} files)`);

const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
/** What a file of a screen is, for the list: entry, catalogue, Ant Design, layout, the screen, or a chunk they share. */
function groupOf(file, screenKeys) {
  if (entryFiles.has(file)) return 'entry (React, Redux Toolkit, router, react-intl, app shell)';
  const key = keyOf.get(file) ?? '';
  if (key.startsWith('src/i18n/')) return 'catalogue';
  if (antd.includes(key) || key.startsWith('node_modules/antd/')) return 'Ant Design provider and locale';
  if (key === 'src/app/storefront/site-layout.tsx') return 'layout';
  if (screenKeys.includes(key)) return 'screen';
  return 'shared chunks of the layout and screen';
}

const details = [];
let first = { path: '', bytes: 0, brotli: 0 };
for (const [path, keys] of Object.entries(screens)) {
  const files = closure(entryKey);
  for (const key of [...language, ...keys]) {
    if (!manifest[key]) throw new Error(`not in manifest: ${key}`);
    closure(key, files);
  }
  const js = [...files].filter((f) => f.endsWith('.js'));
  const bytes = js.reduce((sum, f) => sum + gz(f), 0);
  const brotli = js.reduce((sum, f) => sum + br(f), 0);
  console.log(`screen ${path}: ${kb(bytes)} gzip JS, ${kb(brotli)} as served with brotli (${files.size} files)`);
  if (!later.has(path)) {
    details.push({ path, js, keys });
    if (bytes > first.bytes) first = { path, bytes, brotli };
  }
}

// What each first screen is made of, grouped.
for (const { path, js, keys } of details) {
  const groups = new Map();
  for (const file of js) {
    const group = groupOf(file, keys);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push({ file, bytes: gz(file) });
  }
  console.log(`first screen ${path}, by part:`);
  for (const [group, files] of groups) {
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(`  ${kb(total).padStart(9)}  ${group} (${files.length} files)`);
    for (const f of files.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(f.bytes).padStart(9)}    ${f.file}`);
  }
}

// the storefront's chunks only (the console's are in its own manifest)
const chunks = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
const largest = chunks
  .map((file) => ({ file, bytes: gz(file) }))
  .sort((a, b) => b.bytes - a.bytes)[0];

console.log(`first screen JS (gzip): ${kb(first.bytes)} (${first.path}; target <= 170 KB)`);
console.log(`first screen JS (brotli, as served): ${kb(first.brotli)} (${first.path})`);
console.log(`largest chunk (gzip): ${kb(largest.bytes)} (${largest.file})`);
console.log(`chunks: ${chunks.length}`);

const consoleManifestPath = join(dist, '.vite', 'console-manifest.json');
if (existsSync(consoleManifestPath)) {
  const consoleManifest = JSON.parse(readFileSync(consoleManifestPath, 'utf8'));
  const entry = consoleManifest['admin.html'];
  const files = new Set([entry.file]);
  for (const key of entry.imports ?? []) files.add(consoleManifest[key].file);
  const storefrontFiles = new Set(Object.values(manifest).map((c) => c.file));
  const shared = [...files].filter((f) => storefrontFiles.has(f));
  const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
  console.log(`console entry (admin.html, apart from the storefront): ${kb(bytes)} gzip JS (${files.size} files, ${shared.length} shared with the storefront)`);
}

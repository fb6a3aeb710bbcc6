import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { precompressDir } from './scripts/precompress';
import { DEFAULT_LANGUAGE } from './src/lib/languages';

/** One id per build: compiled into the app and written to dist/version.json. */
const buildId = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

function versionFile(): Plugin {
  return {
    name: 'jpmall-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ build: buildId, built_at: Math.floor(Date.now() / 1000) })}\n`,
      });
    },
  };
}

/**
 * Message catalogues are parsed at build time, so the browser gets react-intl without its ICU
 * parser (aliased to the no-parser build below). Dev and tests keep the plain strings.
 */
function precompileCatalogues(): Plugin {
  return {
    name: 'jpmall-precompile-catalogues',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/i18n\/[A-Za-z_]+\.json$/.test(id)) return null;
      // The staff console's keys stay out of the storefront's catalogue chunks (see consoleCatalogues).
      const messages = Object.entries(JSON.parse(code) as Record<string, string>).filter(([key]) => !key.startsWith('console.'));
      const compiled = Object.fromEntries(messages.map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * The staff console imports the catalogues as `src/i18n/<language>.json?console`: the whole file,
 * its `console.*` keys included (parsed like the storefront's at build time), as a module of its
 * own, so the storefront's catalogue chunks do not carry the console's texts.
 */
function consoleCatalogues(): Plugin {
  let build = false;
  return {
    name: 'jpmall-console-catalogues',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    transform(code, id) {
      // `?console`, or `?import&console` as the dev server asks for it
      if (!/\/src\/i18n\/[A-Za-z_]+\.json\?(?:[^?]*&)?console$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const value = build ? Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)])) : messages;
      return { code: `export default ${JSON.stringify(value)};`, map: null, moduleType: 'js' };
    },
  };
}

/**
 * Writes `.br` and `.gz` siblings of every compressible file of the finished build (see
 * scripts/precompress.ts); the server sends them to browsers that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'jpmall-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!existsSync(outDir)) return;
      const results = await precompressDir(outDir);
      const sum = (pick: (r: (typeof results)[number]) => number | null) => results.reduce((total, r) => total + (pick(r) ?? r.bytes), 0);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      console.log(`precompressed ${results.length} files: ${kb(sum((r) => r.bytes))} → brotli ${kb(sum((r) => r.br))}, gzip ${kb(sum((r) => r.gz))}`);
    },
  };
}

const api = 'http://127.0.0.1:8080';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The screens each landing route's first render needs (router.tsx's `preloadScreen` asks for the same). */
const LAYOUT = 'src/app/storefront/site-layout.tsx';
const PRODUCT_LIST = 'src/features/catalog/product-list-screen.tsx';
const ROUTE_SCREENS: Record<string, string[]> = {
  '/login': ['src/features/auth/login-screen.tsx'],
  '/': [LAYOUT, 'src/features/catalog/home-screen.tsx'],
  '/recentnew': [LAYOUT, PRODUCT_LIST],
  '/recentBK': [LAYOUT, PRODUCT_LIST],
  '/recentFl_asia': [LAYOUT, PRODUCT_LIST],
  '/search': [LAYOUT, PRODUCT_LIST],
  '/goodsDetail': [LAYOUT, 'src/features/catalog/product-detail-screen.tsx'],
};

/**
 * Writes route-preloads.json: for each landing route, the chunks of its screens (and what they
 * import) beyond the entry and the screens' styles; and each language's catalogue. The server puts
 * them, with the reader's catalogue, into that route's index.html as modulepreload and stylesheet
 * links, so the browser asks for them beside the entry instead of once the entry has run.
 */
function routePreloads(): Plugin {
  return {
    name: 'jpmall-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entryFiles = new Set<string>();
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
      };
      for (const c of chunks) if (c.isEntry) closure(c.fileName, entryFiles);
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId === resolve(root, module));
        if (!chunk) this.error(`route-preloads: no chunk for ${module}`);
        return chunk;
      };
      const routes: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(ROUTE_SCREENS)) {
        const files = new Set<string>();
        for (const module of modules) closure(chunkOf(module).fileName, files);
        const own = [...files].filter((f) => !entryFiles.has(f));
        // a screen's styles are added by its loader once the entry runs: named here, they come at once
        const styles = own.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        routes[route] = [...own, ...new Set(styles)].map((f) => `/${f}`);
      }
      // Every first screen needs the reader's catalogue: the server adds the one of the language the
      // page's request names (the `language` cookie, lib/storage.ts), else the default language's.
      const catalogues: Record<string, string[]> = {};
      for (const c of chunks) {
        const language = c.facadeModuleId?.match(/\/src\/i18n\/([A-Za-z_]+)\.json$/)?.[1];
        if (language) catalogues[language] = [`/${c.fileName}`];
      }
      if (!catalogues[DEFAULT_LANGUAGE]) this.error(`route-preloads: no catalogue chunk for ${DEFAULT_LANGUAGE}`);
      const preloads = { routes, catalogues, default_language: DEFAULT_LANGUAGE };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}


/**
 * The staff console is built apart (`vite build --mode console`, after the storefront's build, into
 * the same dist/ without emptying it): admin.html and its own chunks, so nothing of the console
 * reaches the storefront's entry and the storefront's chunks stay exactly as they were. One
 * multi-page build would make the two share chunks: either the storefront's entry chunk (which
 * starts the storefront) would load in the console, or the storefront's first screen would be
 * split into a shared and an own file.
 */
const CONSOLE_MODE = 'console';

/** In the dev server, /admin and every path below it is the console's page. */
function consolePages(): Plugin {
  return {
    name: 'jpmall-console-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/admin(\/|\?|$)/.test(req.url)) req.url = '/admin.html';
        next();
      });
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [
    react(),
    // version.json is the storefront build's; the console build adds to the same dist/
    ...(mode === CONSOLE_MODE ? [] : [versionFile(), routePreloads()]),
    precompileCatalogues(),
    consoleCatalogues(),
    consolePages(),
    precompress(),
  ],
  define: {
    __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev'),
  },
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }]
        : [],
  },
  server: {
    proxy: {
      '/jpmall': api,
      '/addons': api,
      '/uploads': api,
      '/media': api,
      // the local payment simulator's page that the top-up QR and pay link open
      '/pay': api,
    },
  },
  build:
    mode === CONSOLE_MODE
      ? {
          outDir: 'dist',
          emptyOutDir: false,
          manifest: '.vite/console-manifest.json',
          chunkSizeWarningLimit: 600,
          rolldownOptions: {
            input: { admin: resolve(root, 'admin.html') },
            output: { codeSplitting: { groups: [{ name: 'admin', tags: ['$initial'] }] } },
          },
        }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          manifest: true,
          chunkSizeWarningLimit: 600,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Everything the entry loads statically goes into one file: one request, and better
                // compression than rolldown's default of many small shared chunks (which grew with
                // the number of lazy screens). Screens keep their own chunks.
                groups: [{ name: 'index', tags: ['$initial'] }],
              },
            },
          },
        },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    restoreMocks: true,
    setupFiles: ['src/testing/setup.ts'],
    // Vitest's default is one worker fewer than the CPUs: a single one on a 2-core CI machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `make test` runs these beside the Rust build: waits are for a busy machine, not a fast one.
    testTimeout: 30_000,
  },
}));

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { messagesPlugin } from './scripts/messages-plugin';
import { splashFirst } from './scripts/splash-first-plugin';
import { bootChunks } from './scripts/boot-chunks-plugin';
import { packageVersion, versionCodeOf } from './server/web/version';

/** The aliases both builds share (see resolve below). */
const ALIASES = [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }];

// The service worker's background flush (sw/outbox-flush.ts: RxDB and the engine, most of its
// code) as a script of its own, dist/sw-flush-<content hash>.js, which the service worker
// evaluates only when a background sync needs it (sw/background-sync.ts). Built first, as one
// classic script, while the service worker's build starts; its address replaces
// __OUTBOX_FLUSH_URL__ in the service worker, so a new flush makes a new service worker.
function outboxFlushScript(): Plugin {
  let url = '';
  let outDir = 'dist';
  return {
    name: 'outbox-flush-script',
    configResolved(config) {
      // the service worker's build writes where the app's did (--outDir included)
      outDir = config.build.outDir;
    },
    async buildStart() {
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias: ALIASES },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          lib: { entry: 'sw/outbox-flush.ts', formats: ['iife'], name: 'outboxFlush', fileName: () => 'sw-flush.js' },
        },
      });
      const output = (Array.isArray(result) ? result[0]! : (result as Rollup.RollupOutput)).output;
      const chunk = output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
      if (!chunk) throw new Error('outbox-flush-script: the build made no script');
      const fileName = `sw-flush-${createHash('sha256').update(chunk.code).digest('hex').slice(0, 10)}.js`;
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, fileName), chunk.code);
      url = `/${fileName}`;
    },
    transform(code) {
      if (!code.includes('__OUTBOX_FLUSH_URL__')) return null;
      return { code: code.replaceAll('__OUTBOX_FLUSH_URL__', JSON.stringify(url)), map: null };
    },
  };
}

// Code and files the service worker does not precache (2.4 MB of the 5.3 MB it did): pdf.js and
// its worker (the certificate viewer), the QR decoder for browsers without BarcodeDetector, and
// the Urdu Nastaliq font (users of a few regions only). Cached on first use instead.
const LAZY_CACHED_MODULES = /\/node_modules\/(pdfjs-dist|@zxing)\//;
const LAZY_CACHED_ASSETS = /^(pdf\.worker.*\.mjs|noto-nastaliq-.*\.woff2?)$/;

// The reference server serves dist/ and the API on one port; in `npm run dev` Vite proxies
// /api and /version.json to it so the browser sees the same single origin.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

// The service worker (sw/sw.ts, DESIGN.md §2) is built by vite-plugin-pwa's injectManifest: a
// second build of sw/sw.ts into dist/sw.js with the precache list of this build written into it.
// The app registers it itself (src/app/service-worker.ts, production only), so no register script
// is injected; the manifest is public/manifest.webmanifest as written, so none is generated.
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  devOptions: { enabled: false },
  injectManifest: {
    // A classic script: every browser that has service workers runs it (module service workers
    // are not everywhere yet), and Vite inlines its imports.
    rollupFormat: 'iife',
    // The shell (HTML, every JS and CSS chunk: screens, the sync worker, the five locales), the
    // fonts' woff2 files (every browser with service workers reads woff2, so the woff copies are
    // left out), icons, images and the manifest.
    globPatterns: ['**/*.{html,js,mjs,css,woff2,svg,png,webmanifest}'],
    // (sw-flush-*.js: the service worker imports it itself while installing)
    // (assets/lazy/: cached on first use, LAZY_CACHED_MODULES below)
    globIgnores: ['**/*.map', '.vite/**', 'sw.js', 'workbox-*.js', 'sw-flush-*.js', 'assets/lazy/**'],
    // the largest font file is under 1 MB; 3 MB leaves room and still catches a runaway chunk
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    buildPlugins: { vite: [outboxFlushScript()] },
  },
});

// fewer, larger chunks for a signed-in start (scripts/boot-chunks-plugin.ts)
const bootChunking = bootChunks();

export default defineConfig({
  plugins: [messagesPlugin({ precompile: true }), react(), serviceWorker, splashFirst(), bootChunking.plugin],
  // the build's version_code, by the rule /version.json uses, so the update check compares like with like
  define: { __APP_VERSION_CODE__: JSON.stringify(versionCodeOf(packageVersion())) },
  resolve: { alias: ALIASES },
  worker: { format: 'es' },
  // The manifest lets scripts/report-size.ts follow the chunks the login route loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    rollupOptions: {
      output: {
        // Big files few people need go under assets/lazy/: the service worker caches them on
        // first use instead of precaching them for everyone (sw/routes.ts, sw/README.md).
        chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => LAZY_CACHED_MODULES.test(id)) ? 'assets/lazy/[name]-[hash].js' : 'assets/[name]-[hash].js'),
        assetFileNames: (asset) => (asset.names.some((name) => LAZY_CACHED_ASSETS.test(name)) ? 'assets/lazy/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]'),
        codeSplitting: { groups: bootChunking.groups },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/version.json': apiTarget,
    },
  },
});

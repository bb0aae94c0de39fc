import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { parse } from '@formatjs/icu-messageformat-parser';
import { packageVersion, versionCodeOf } from './server/web/version';

// The locale files hold ICU text; at build time each message is parsed into its AST, so the
// app ships formatjs's no-parser build instead of the ICU parser (about 10 KB gzip less on the
// login route) and spends no start-up time parsing.
function precompileMessages(): Plugin {
  return {
    name: 'precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/i18n\/messages\/[a-z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const ast = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(ast), map: null };
    },
  };
}

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
    // (mjs: pdf.js's worker, for the certificate viewer offline)
    globPatterns: ['**/*.{html,js,mjs,css,woff2,svg,png,webmanifest}'],
    globIgnores: ['**/*.map', '.vite/**', 'sw.js', 'workbox-*.js'],
    // the largest font file is under 1 MB; 3 MB leaves room and still catches a runaway chunk
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [precompileMessages(), react(), serviceWorker],
  // the build's version_code, by the rule /version.json uses, so the update check compares like with like
  define: { __APP_VERSION_CODE__: JSON.stringify(versionCodeOf(packageVersion())) },
  resolve: {
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
  worker: { format: 'es' },
  // The manifest lets scripts/report-size.ts follow the chunks the login route loads.
  build: { outDir: 'dist', sourcemap: true, target: 'es2022', manifest: true },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/version.json': apiTarget,
    },
  },
});

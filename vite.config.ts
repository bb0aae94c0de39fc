import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The reference server serves dist/ and the API on one port; in `npm run dev` Vite proxies
// /api and /version.json to it so the browser sees the same single origin.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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

import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The API server of `npm run dev -w @psy/server`. */
const API_TARGET = process.env.PSY_API_TARGET ?? 'http://127.0.0.1:3000';

// `/admin/...` is also a page route (e.g. /admin/role/index): a browser navigation gets the app, calls go to the API.
const apiProxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: false,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/auth': apiProxy, '/admin': apiProxy, '/code': apiProxy, '/biz': apiProxy },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: chunk graph for the per-route size report (scripts/route-sizes.mjs).
    manifest: true,
    // Ant Design's shared core is one long-cached vendor chunk of about 550 kB (180 kB gzipped).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Vendor code in a few stable chunks, so a release of app code does not invalidate them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
});

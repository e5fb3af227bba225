import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The console build. Route modules are lazy (src/app/router.tsx), so the first load carries only
 * the framework, the providers and the bootstrap; vendor groups keep libraries in their own
 * long-cached chunks, and Leaflet and charts never enter the initial chunk.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev` proxies the API, app config and nothing else to a server started with
    // `npm run devstack` (the demo farm and simulator) or `npm run serve` (the server alone).
    proxy: {
      '/api': 'http://localhost:8080',
      '/appConfig.json': 'http://localhost:8080',
    },
  },
  build: {
    // Maps are written for error reporting but not linked from the scripts; the server never
    // serves them in production (apps/server/src/plugins/web.ts).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|i18next-http-backend)[\\/]/,
            },
            {
              name: 'leaflet',
              test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/,
            },
            { name: 'bugsnag', test: /node_modules[\\/]@bugsnag[\\/]/ },
          ],
        },
      },
    },
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev` proxies the API and app config to a server started with `npm run serve`.
    proxy: {
      '/api': 'http://localhost:8080',
      '/appConfig.json': 'http://localhost:8080',
    },
  },
  build: { sourcemap: true },
});

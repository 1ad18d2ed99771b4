import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { loadWebEnv } from './env.config';

const env = loadWebEnv();

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: env.WEB_DEV_PORT, proxy: { '/api': { target: env.API_PROXY_TARGET, changeOrigin: false } } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 700 },
});

import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { loadWebEnv } from './env.config';

const env = loadWebEnv();

// A dismissed toast stays 500 ms before it is removed (the specification's toast timing). Sonner
// keeps that delay in a constant of its own (200 ms) and will not make it an option
// (https://github.com/emilkowalski/sonner/issues/690), so the build sets it; a Sonner release
// without that constant stops the build here instead of silently going back to 200 ms.
const TOAST_REMOVE_DELAY_MS = 500;
function sonnerRemoveDelay(): Plugin {
  const constant = /const TIME_BEFORE_UNMOUNT = \d+;/;
  return {
    name: 'vitrine:sonner-remove-delay',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!constant.test(code)) this.error('sonner: TIME_BEFORE_UNMOUNT não encontrado; revise o atraso de remoção dos toasts.');
      return { code: code.replace(constant, `const TIME_BEFORE_UNMOUNT = ${TOAST_REMOVE_DELAY_MS};`), map: null };
    },
  };
}

export default defineConfig({
  plugins: [sonnerRemoveDelay(), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Served through the plugin above in development too (pre-bundled dependencies skip plugins).
  optimizeDeps: { exclude: ['sonner'] },
  server: { port: env.WEB_DEV_PORT, proxy: { '/api': { target: env.API_PROXY_TARGET, changeOrigin: false } } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 700 },
});

import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { loadWebEnv } from './env.config.ts';

const env = loadWebEnv();

// A dismissed toast stays 500 ms before it is removed (the specification's toast timing). Sonner
// keeps that delay in a constant of its own (200 ms) and will not make it an option
// (https://github.com/emilkowalski/sonner/issues/690), so the build sets it. Sonner also adds its
// stylesheet to the page when its code loads: a new style element makes the browser recompute the
// style of the whole page, a long task while the page comes to life. The build leaves that out and the
// site's stylesheet imports the same rules (src/styles.css). A Sonner release without either stops the
// build here instead of silently going back to 200 ms or to unstyled toasts.
const TOAST_REMOVE_DELAY_MS = 500;
function sonnerBuildSettings(): Plugin {
  const constant = /const TIME_BEFORE_UNMOUNT = \d+;/;
  const insertCss = /^__insertCSS\("(?:[^"\\]|\\.)*"\);$/m;
  return {
    name: 'vitrine:sonner-build-settings',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!constant.test(code)) this.error('sonner: TIME_BEFORE_UNMOUNT não encontrado; revise o atraso de remoção dos toasts.');
      if (!insertCss.test(code)) this.error('sonner: __insertCSS não encontrado; revise como o estilo dos toasts chega à página.');
      return { code: code.replace(constant, `const TIME_BEFORE_UNMOUNT = ${TOAST_REMOVE_DELAY_MS};`).replace(insertCss, ''), map: null };
    },
  };
}

// The browser calls an endpoint by its contract's method and path; the contract's schemas validate
// on the server. The build gives the browser each contract module (`packages/domain/src/*.contract.ts`)
// as its endpoints' method and path only, read from the module itself, so a page that only calls the
// API does not load the validator. A schema exported beside the contracts is left out: a browser
// import of one fails the build ("not exported"), it is never silently undefined.
const CONTRACT_MODULE = /[\\/]packages[\\/]domain[\\/]src[\\/][\w-]+\.contract\.ts$/;
function contractPathsOnly(): Plugin {
  const isEndpoint = (value: unknown): value is { method: string; path: string } =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { method?: unknown }).method === 'string' &&
    typeof (value as { path?: unknown }).path === 'string';
  return {
    name: 'vitrine:contract-paths-only',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!;
      if (!CONTRACT_MODULE.test(file)) return null;
      const { tsImport } = await import('tsx/esm/api');
      const module = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
      const exports = Object.entries(module).flatMap(([name, contract]) => {
        if (typeof contract !== 'object' || contract === null) return [];
        const endpoints = Object.entries(contract);
        if (endpoints.length === 0 || !endpoints.every(([, endpoint]) => isEndpoint(endpoint))) return [];
        const paths = Object.fromEntries(
          endpoints.map(([key, endpoint]) => [key, { method: (endpoint as { method: string }).method, path: (endpoint as { path: string }).path }]),
        );
        return [`export const ${name} = ${JSON.stringify(paths)};`];
      });
      if (exports.length === 0) this.error(`${file}: nenhum contrato de endpoints exportado.`);
      return exports.join('\n');
    },
  };
}

// Each text asset also as .br and .gz at the highest levels, once at build: the server sends the one the
// browser accepts (@fastify/static's preCompressed) instead of compressing every response anew, and a CDN
// in front gets the same files. The page renderer (an SSR build) is never served, so it is left alone.
const precompressed: Plugin = {
  ...compression({
    include: /\.(js|mjs|css|svg|json|html|txt|webmanifest)$/,
    threshold: 1024,
    algorithms: [
      ['brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }],
      ['gzip', { level: 9 }],
    ],
    logLevel: 'silent',
  }),
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
};

// React Router publishes one package.json whose every export condition points at its development build
// (dev-only warnings and checks, ENABLE_DEV_WARNINGS = true) and ships the production build beside it
// (remix-run/react-router#14102). A build takes the production one; `vite` in development keeps the warnings.
// shell.e2e.ts fails when a development-only string is in the built code.
const reactRouterProduction = (command: string) =>
  command === 'build'
    ? [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(import.meta.resolve('react-router/package.json').replace(/package\.json$/, 'dist/production/index.mjs')),
        },
      ]
    : [];

export default defineConfig(({ command }) => ({
  plugins: [contractPathsOnly(), sonnerBuildSettings(), react(), tailwindcss(), precompressed],
  resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...reactRouterProduction(command)] },
  // Served through the plugin above in development too (pre-bundled dependencies skip plugins).
  optimizeDeps: { exclude: ['sonner'] },
  server: { port: env.WEB_DEV_PORT, proxy: { '/api': { target: env.API_PROXY_TARGET, changeOrigin: false } } },
  // The manifest tells the prerender step which chunks each page's route needs (scripts/prerender.ts);
  // src/boot.ts is the prerendered pages' own entry, which loads the app after their first paint.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    manifest: true,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)) },
    },
  },
}));

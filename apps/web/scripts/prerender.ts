// After `vite build`: renders each public page (src/prerender.tsx, built for Node) into a copy of
// the built index.html, in dist/prerendered/, with a manifest from path to file that the API's
// page server reads. A page that fails to render fails the build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as PrerenderEntry from '../src/prerender';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const serverOut = path.join(webRoot, 'node_modules/.prerender');

await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: serverOut, emptyOutDir: true, copyPublicDir: false },
});
const entry = (await import(pathToFileURL(path.join(serverOut, 'prerender.js')).href)) as typeof PrerenderEntry;

const slot = '<div id="root"></div>';
const built = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!built.includes(slot)) throw new Error(`dist/index.html sem ${slot}`);
// A prerendered page paints without its scripts: they load at low priority, behind the stylesheet
// and the page's images, instead of competing with them.
const shell = built
  .replaceAll('<script type="module" crossorigin ', '<script type="module" crossorigin fetchpriority="low" ')
  .replaceAll('<link rel="modulepreload" crossorigin ', '<link rel="modulepreload" crossorigin fetchpriority="low" ');
if (!shell.includes('<script type="module" crossorigin fetchpriority="low" ')) throw new Error('dist/index.html: script do app não encontrado');

const outDir = path.join(dist, 'prerendered');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir);
const manifest: Record<string, string> = {};
for (const page of entry.PRERENDERED_PATHS) {
  const markup = await entry.renderPage(page);
  const file = `${page === '/' ? 'index' : page.slice(1).replaceAll('/', '-')}.html`;
  // Inert until the app takes over (main.tsx): a click or typing on the picture would be lost.
  fs.writeFileSync(path.join(outDir, file), shell.replace(slot, `<div id="root" data-prerendered inert>${markup}</div>`));
  manifest[page] = file;
}
fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`prerender: ${Object.keys(manifest).length} páginas em dist/prerendered`);

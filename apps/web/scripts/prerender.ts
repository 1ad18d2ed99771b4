// After `vite build`: renders each public page (src/prerender.tsx, built for Node) into a copy of
// the built index.html, in dist/prerendered/, with a manifest from path to file that the API's
// page server reads; the page server renders the same pages again with their data through the
// renderer left in dist/ssr/. A page that fails to render fails the build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as PrerenderEntry from '../src/prerender';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const serverOut = path.join(dist, 'ssr');

// The renderer, for Node, with its dependencies bundled in: the page server loads it from the built
// app (dist/ssr/, which it never serves) to render pages with their data.
await build({
  root: webRoot,
  logLevel: 'warn',
  ssr: { noExternal: true },
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

// Each page's own route chunk (a lazy route in src/app/route-table.tsx) and the chunks it imports are
// preloaded too, so the app does not wait for the page's code after its own.
type ManifestChunk = { file: string; imports?: string[] };
const viteManifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
// Read here only: the site does not serve a map of its source files.
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
const closure = (key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of viteManifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
};
const firstLoad = closure('index.html');
const routeModules = new Map(
  [...fs.readFileSync(path.join(webRoot, 'src/app/route-table.tsx'), 'utf8').matchAll(/path: '([^']+)', lazy: \(\) => import\('\.\/(routes\/[\w-]+)'\)/g)].map(
    (match) => [`/${match[1]}`, `src/app/${match[2]}.tsx`],
  ),
);
function routePreloads(page: string): string {
  if (page === '/') return '';
  const module = routeModules.get(page);
  if (!module || !viteManifest[module]) throw new Error(`${page}: rota preguiçosa não encontrada em route-table.tsx ou no manifesto do Vite.`);
  return [...closure(module)]
    .filter((key) => !firstLoad.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${viteManifest[key]!.file}">`)
    .join('');
}

const outDir = path.join(dist, 'prerendered');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir);
const manifest: Record<string, string> = {};
for (const page of entry.PRERENDERED_PATHS) {
  const markup = await entry.renderPage(page);
  const file = `${page === '/' ? 'index' : page.slice(1).replaceAll('/', '-')}.html`;
  // Inert until the app hydrates it (main.tsx): a click or typing before then would be lost.
  // Replaced through functions: a '$' in the page's text is not a replacement pattern.
  const html = shell
    .replace('</head>', () => `${routePreloads(page)}</head>`)
    .replace(slot, () => `<div id="root" data-prerendered inert>${markup}</div>`);
  fs.writeFileSync(path.join(outDir, file), html);
  manifest[page] = file;
}
fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

console.log(`prerender: ${Object.keys(manifest).length} páginas em dist/prerendered`);

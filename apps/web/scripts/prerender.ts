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
// Each page's code: the app's entry, the chunks it imports and the page's own route chunk (a lazy route
// in src/app/route-table.tsx) with the chunks that imports, none of them already in the entry's set.
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
const fileOf = (key: string) => `/${viteManifest[key]!.file}`;
const firstLoad = closure('index.html');
const routeModules = new Map(
  [
    ...fs.readFileSync(path.join(webRoot, 'src/app/route-table.tsx'), 'utf8').matchAll(/path: '([^']+)',\s*lazy: \(\) => import\('\.\/(routes\/[\w-]+)'\)/g),
  ].map((match) => [`/${match[1]}`, `src/app/${match[2]}.tsx`]),
);
const entryChunks = [...firstLoad].map(fileOf);
function pageCode(page: string): string[] {
  if (page === '/') return entryChunks;
  const module = routeModules.get(page);
  if (!module || !viteManifest[module]) throw new Error(`${page}: rota preguiçosa não encontrada em route-table.tsx ou no manifesto do Vite.`);
  return [...entryChunks, ...[...closure(module)].filter((key) => !firstLoad.has(key)).map(fileOf)];
}
// A page's first load carries no validator (decision 0012): the public reads answer well-formed data, the
// server validates what is sent, and a form loads its validator with its first check. A module that
// imports a schema module of the domain for a constant or a message that lives beside its schemas brings
// Zod (26 KB gzipped; its core names its base class '$ZodType') back; the build stops here, naming the page and
// the chunk. (The form resolver's own chunk names only '$ZodError', to recognise Zod's errors.)
const carriesZod = new Map<string, boolean>();
for (const page of entry.PRERENDERED_PATHS) {
  for (const file of pageCode(page)) {
    if (!carriesZod.has(file)) carriesZod.set(file, /\$ZodType/.test(fs.readFileSync(path.join(dist, file), 'utf8')));
    if (carriesZod.get(file)) {
      throw new Error(`${page}: ${file} traz o Zod ao primeiro carregamento; importe o módulo sem schemas (ex.: auth-messages, payment-status).`);
    }
  }
}

// A prerendered page paints from its HTML and stylesheet alone: it names only the boot script, which
// requests the page's code once that first paint is on screen (src/boot.ts). The shell (index.html,
// for the pages that are not prerendered) keeps the entry's script and preloads as Vite wrote them.
const entryTags = /<script type="module" crossorigin src="[^"]+"><\/script>\s*|<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;
const entryScript = `<script type="module" crossorigin src="${fileOf('index.html')}"></script>`;
if (!built.includes(entryScript)) throw new Error('dist/index.html: script do app não encontrado');
if (!viteManifest['src/boot.ts']) throw new Error('manifesto do Vite sem src/boot.ts');
const bootFile = path.join(dist, viteManifest['src/boot.ts'].file);
if ((viteManifest['src/boot.ts'].imports ?? []).length > 0) throw new Error('src/boot.ts não pode importar módulos: ele é o único script da página.');
const shell = built.replace(entryTags, '');
const bootTag = (page: string) => `<script type="module" crossorigin src="${fileOf('src/boot.ts')}" data-app="${pageCode(page).join(' ')}"></script>`;
if (!fs.existsSync(bootFile)) throw new Error(`${bootFile} não encontrado`);

const shellHead = /<meta name="description"[^>]*>\s*|<title>[^<]*<\/title>\s*/g;
if ((shell.match(shellHead) ?? []).length !== 2) throw new Error('dist/index.html: <title> e <meta name="description"> não encontrados');

const outDir = path.join(dist, 'prerendered');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir);
const manifest: Record<string, string> = {};
for (const page of entry.PRERENDERED_PATHS) {
  const { head, body: markup } = await entry.renderPageParts(page);
  const file = `${page === '/' ? 'index' : page.slice(1).replaceAll('/', '-')}.html`;
  // Inert until the app hydrates it (main.tsx): a click or typing before then would be lost.
  // Replaced through functions: a '$' in the page's text is not a replacement pattern.
  // The page's own title, description and Open Graph tags in place of the shell's title and description.
  const html = shell
    .replace(shellHead, '')
    .replace('</head>', () => `${head}\n  ${bootTag(page)}\n  </head>`)
    .replace(slot, () => `<div id="root" data-prerendered inert>${markup}</div>`);
  fs.writeFileSync(path.join(outDir, file), html);
  manifest[page] = file;
}
// The app's routes, for the page server: any other path is answered with the 'not found' page and a 404.
fs.writeFileSync(path.join(outDir, 'routes.json'), `${JSON.stringify(entry.ROUTE_PATTERNS, null, 2)}\n`);
fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

console.log(`prerender: ${Object.keys(manifest).length} páginas e ${entry.ROUTE_PATTERNS.length} rotas em dist/prerendered`);

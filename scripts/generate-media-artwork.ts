// Generates the posters and backdrops of the demo titles (small SVGs, one colour scheme and motif
// per title) into apps/web/public/demo/media/titles/.
// Usage: node --import tsx scripts/generate-media-artwork.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoArtwork, demoMediaTitles } from '../apps/api/src/db/seed-media-data.ts';
import { MEDIA_TYPE_LABELS, yearOf } from '../packages/domain/src/media.ts';

const publicDir = fileURLToPath(new URL('../apps/web/public', import.meta.url));

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}

/** Words into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function motif(kind: number, width: number, height: number, seed: number, colour: string): string {
  const x = (seed % 60) / 100;
  switch (kind % 4) {
    case 0: // a low sun with rings
      return [0.5, 0.36, 0.24, 0.14]
        .map(
          (r, i) =>
            `<circle cx="${Math.round(width * (0.3 + x))}" cy="${Math.round(height * 0.38)}" r="${Math.round(width * r)}" fill="${colour}" opacity="${0.12 + i * 0.1}"/>`,
        )
        .join('');
    case 1: // mountains
      return `<path d="M0 ${height * 0.62} L${width * (0.2 + x / 2)} ${height * 0.3} L${width * 0.55} ${height * 0.58} L${width * (0.7 + x / 3)} ${height * 0.36} L${width} ${height * 0.6} V${height} H0Z" fill="${colour}" opacity="0.35"/><path d="M0 ${height * 0.75} L${width * 0.4} ${height * 0.5} L${width} ${height * 0.78} V${height} H0Z" fill="${colour}" opacity="0.25"/>`;
    case 2: // diagonal stripes
      return Array.from({ length: 7 }, (_, i) => {
        const offset = Math.round((i * width) / 4 - width * x);
        return `<path d="M${offset} 0 L${offset + width / 8} 0 L${offset - width / 2} ${height} L${offset - width / 2 - width / 8} ${height}Z" fill="${colour}" opacity="${0.08 + (i % 3) * 0.06}"/>`;
      }).join('');
    default: // a field of dots
      return Array.from({ length: 18 }, (_, i) => {
        const cx = Math.round(((hash(`${seed}-${i}`) % 1000) / 1000) * width);
        const cy = Math.round(((hash(`${i}-${seed}`) % 1000) / 1000) * height * 0.7);
        const r = 6 + (hash(`r${i}${seed}`) % 40);
        return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" opacity="0.22"/>`;
      }).join('');
  }
}

interface Artwork {
  width: number;
  height: number;
  title: string;
  caption: string;
  seed: number;
  variant: number;
}

function svg({ width, height, title, caption, seed, variant }: Artwork): string {
  const hue = (seed + variant * 47) % 360;
  const second = (hue + 40 + ((seed >> 9) % 90)) % 360;
  const poster = height > width;
  // Posters carry the title at the bottom; backdrops a small, faint label in the bottom right
  // corner, so a page can lay its own title over them.
  const lines = poster ? wrap(title, 11) : [title];
  const size = poster ? 60 : 28;
  const x = poster ? 36 : width - 48;
  const anchor = poster ? 'start' : 'end';
  const baseY = poster ? height - 96 - (lines.length - 1) * size * 1.05 : height - 74;
  const captionY = poster ? height - 44 : height - 40;
  const text = lines.map((line, i) => `<text x="${x}" y="${Math.round(baseY + i * size * 1.05)}">${escapeXml(line)}</text>`).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${variant % 2 ? 1 : 0.4}" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue} 55% 22%)"/><stop offset="1" stop-color="hsl(${second} 65% 9%)"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    motif(seed + variant, width, height, seed, `hsl(${second} 80% 70%)`),
    poster ? `<rect y="${Math.round(height * 0.55)}" width="${width}" height="${Math.round(height * 0.45)}" fill="hsl(${hue} 60% 5%)" opacity="0.45"/>` : '',
    `<g font-family="system-ui,Segoe UI,Roboto,sans-serif" text-anchor="${anchor}"${poster ? '' : ' opacity="0.6"'}>`,
    `<g fill="#fff" font-weight="800" font-size="${size}">${text}</g>`,
    `<text x="${x}" y="${captionY}" font-size="${poster ? 24 : 20}" font-weight="600" fill="hsl(${second} 90% 80%)" letter-spacing="3">${escapeXml(caption)}</text>`,
    '</g>',
    '</svg>',
  ].join('');
}

let total = 0;
for (const title of demoMediaTitles) {
  const art = demoArtwork(title.title);
  const seed = hash(title.title);
  const caption = `${MEDIA_TYPE_LABELS[title.mediaType].toUpperCase()} · ${yearOf(title.date ?? null) ?? ''}`;
  const files: [string, string][] = [
    [art.posterUrl, svg({ width: 500, height: 750, title: title.title, caption, seed, variant: 0 })],
    ...art.backdrops.map((url, index): [string, string] => [url, svg({ width: 1280, height: 720, title: title.title, caption, seed, variant: index + 1 })]),
  ];
  for (const [url, content] of files) {
    const file = path.join(publicDir, url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${content}\n`);
    total += content.length;
  }
}
console.log(`${demoMediaTitles.length} títulos, ${Math.round(total / 1024)} KiB de imagens em ${path.join(publicDir, 'demo/media/titles')}`);

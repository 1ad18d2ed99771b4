import { useState, type MouseEvent, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link, useNavigate } from 'react-router';
import remarkGfm from 'remark-gfm';
import { slugify } from '@vitrine/domain/catalog-text';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

const components: Components = {
  h1: ({ children }) => <h2 className="mt-10 mb-4 text-2xl font-bold">{children}</h2>,
  h2: ({ children }) => (
    <h2 id={slugify(textOf(children))} className="mt-10 mb-4 scroll-mt-24 border-b pb-2 text-2xl font-bold">
      {children}
    </h2>
  ),
  h3: ({ children }) => (
    <h3 id={slugify(textOf(children))} className="mt-8 mb-3 scroll-mt-24 text-xl font-semibold">
      {children}
    </h3>
  ),
  h4: ({ children }) => <h4 className="mt-6 mb-2 font-semibold">{children}</h4>,
  p: ({ children }) => <p className="my-4 leading-7">{children}</p>,
  ul: ({ children }) => <ul className="my-4 list-disc space-y-1.5 pl-6">{children}</ul>,
  ol: ({ children }) => <ol className="my-4 list-decimal space-y-1.5 pl-6">{children}</ol>,
  li: ({ children }) => <li className="leading-7">{children}</li>,
  a: ({ href = '', children }) =>
    href.startsWith('/') ? (
      <Link to={href} className="text-primary font-medium underline underline-offset-4">
        {children}
      </Link>
    ) : (
      <a href={href} className="text-primary font-medium underline underline-offset-4" target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ),
  blockquote: ({ children }) => <blockquote className="border-primary/50 text-muted-foreground my-4 border-l-4 pl-4 italic">{children}</blockquote>,
  code: ({ children }) => <code className="bg-muted rounded px-1.5 py-0.5 font-mono text-[0.9em]">{children}</code>,
  pre: ({ children }) => <pre className="bg-muted my-4 overflow-x-auto rounded-lg p-4 text-sm">{children}</pre>,
  table: ({ children }) => (
    <div className="my-6 overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-muted/60">{children}</thead>,
  th: ({ children }) => <th className="px-3 py-2 font-semibold">{children}</th>,
  td: ({ children }) => <td className="border-t px-3 py-2 align-top">{children}</td>,
  hr: () => <hr className="my-8" />,
  img: ({ src, alt }) => <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" className="my-4 rounded-lg border" />,
};

/**
 * A name for a text, the same on the server and in the browser (FNV-1a): the mark that finds the server's
 * rendering of that very text (a text changed since the page was rendered has another mark, and is rendered anew).
 */
function textMark(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return `${(hash >>> 0).toString(36)}-${text.length}`;
}

/** The HTML the server rendered for this text, when the app is hydrating a page that has it. */
function serverRendered(mark: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`[data-markdown="${mark}"]`)?.innerHTML ?? null;
}

/**
 * Markdown with GitHub tables; raw HTML is dropped, never rendered.
 *
 * A prerendered page (the user guide, the legal pages) already holds the server's rendering of its text.
 * Hydrating it parsed the Markdown again and walked every element: the page's longest task on a slow
 * phone. The app keeps that HTML as it is while the text stays the same, following its internal links
 * with the router, and renders the Markdown itself once the text changes (or when there was no page).
 */
export function Markdown({ children }: { children: string }) {
  const mark = textMark(children);
  const [kept] = useState(() => ({ mark, html: serverRendered(mark) }));
  const navigate = useNavigate();
  const className = 'text-foreground/90 max-w-none text-[0.95rem]';
  if (kept.html !== null && kept.mark === mark) {
    const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest('a');
      const href = link?.getAttribute('href');
      if (!href?.startsWith('/') || href.startsWith('//') || link!.target === '_blank') return;
      event.preventDefault();
      void navigate(href);
    };
    // The click is the links' own, caught where they are (a link takes Enter as a click).
    return <div key="kept" data-markdown={mark} className={className} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: kept.html }} />;
  }
  return (
    <div key="rendered" data-markdown={mark} className={className}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/** The ## and ### headings of a Markdown text, outside code blocks. */
export function tableOfContents(markdown: string): TocEntry[] {
  const entries: TocEntry[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) inFence = !inFence;
    if (inFence) continue;
    const match = /^(##|###)\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const text = match[2]!.replace(/[*_`]/g, '');
    entries.push({ id: slugify(text), text, level: match[1] === '##' ? 2 : 3 });
  }
  return entries;
}

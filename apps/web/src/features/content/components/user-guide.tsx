import { BookOpen } from 'lucide-react';
import { Markdown, tableOfContents } from '@/components/markdown';

function stripTitle(markdown: string) {
  const match = /^#\s+(.+)\n/.exec(markdown);
  return match ? { title: match[1]!.trim(), body: markdown.slice(match[0].length) } : { title: 'Documentação', body: markdown };
}

/** /knowledgebase and /docs: the product's user guide, kept as Markdown in the repository. */
export function UserGuide({ markdown }: { markdown: string }) {
  const { title, body } = stripTitle(markdown);
  const toc = tableOfContents(body);
  const links = (
    <ol className="space-y-1 text-sm">
      {toc.map((entry) => (
        <li key={entry.id} className={entry.level === 3 ? 'pl-4' : undefined}>
          <a
            href={`#${entry.id}`}
            className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 block rounded px-2 py-1 outline-none focus-visible:ring-[3px]"
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="mb-10">
        <p className="text-primary flex items-center gap-2 text-sm font-semibold">
          <BookOpen className="size-4" aria-hidden />
          Documentação
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      </header>
      <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Sumário" className="lg:sticky lg:top-24 lg:self-start">
          <details className="bg-card rounded-xl border p-4 lg:hidden">
            <summary className="cursor-pointer font-semibold">Sumário</summary>
            <div className="mt-3">{links}</div>
          </details>
          <div className="hidden lg:block">
            <p className="mb-3 px-2 text-sm font-semibold">Sumário</p>
            {links}
          </div>
        </nav>
        <article className="min-w-0">
          <Markdown>{body}</Markdown>
        </article>
      </div>
    </main>
  );
}

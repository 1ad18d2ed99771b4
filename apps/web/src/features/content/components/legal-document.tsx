import type { LegalDocumentKey, LegalDocument as StoredDocument } from '@vitrine/domain/content';
import { Markdown } from '@/components/markdown';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useSiteConfig } from '../api/get-site-config';

const FALLBACK_TITLES: Record<LegalDocumentKey, string> = { privacy: 'Política de Privacidade', terms: 'Termos de Uso' };

/** /privacidade and /termos: Markdown from site configuration section 'legal'. */
export function LegalDocument({ documentKey }: { documentKey: LegalDocumentKey }) {
  const config = useSiteConfig('legal');
  useLoadErrorToast(config.error, 'configurações do site');
  // The public read leaves out a document that is not well formed (wellFormedConfigEntries).
  const document = (config.data?.entries[documentKey] as StoredDocument | undefined) ?? null;
  // An ISO date (yyyy-mm-dd) is read at noon so the time zone never moves it to the day before.
  const updatedAt = document?.updatedAt && /^\d{4}-\d{2}-\d{2}$/.test(document.updatedAt) ? `${document.updatedAt}T12:00:00` : document?.updatedAt;

  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{document?.title ?? FALLBACK_TITLES[documentKey]}</h1>
      {config.isPending ? (
        <div className="mt-8 space-y-3">
          <Skeleton className="h-4 w-40" />
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-4 w-full" />
          ))}
        </div>
      ) : document ? (
        <>
          {updatedAt && <p className="text-muted-foreground mt-2 text-sm">Última atualização: {formatDate(updatedAt)}</p>}
          <article className="mt-6">
            <Markdown>{document.body}</Markdown>
          </article>
        </>
      ) : (
        <p className="text-muted-foreground mt-6">Este documento ainda não foi publicado.</p>
      )}
    </main>
  );
}

import { Construction } from 'lucide-react';

/** For routes whose capability a later issue delivers. */
export function PagePlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-3xl flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <Construction className="text-primary size-10" aria-hidden />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
    </main>
  );
}

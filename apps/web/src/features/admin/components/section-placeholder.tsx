import type { AdminSection } from '../lib/sections';

/** Sections of the reseller and pricing module, reachable by name until that module lands. */
export function SectionPlaceholder({ section }: { section: AdminSection }) {
  return (
    <section className="space-y-2" aria-labelledby="secao-titulo">
      <h2 id="secao-titulo" className="text-lg font-semibold">
        {section.label}
      </h2>
      <p className="text-muted-foreground text-sm">Esta seção faz parte do módulo de revenda e precificação e ainda não está disponível.</p>
    </section>
  );
}

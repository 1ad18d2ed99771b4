// The business rules of the specification, shown where prices are worked out.
import { Info } from 'lucide-react';
import { BUSINESS_RULES } from '@vitrine/domain/pricing/business-rules';

export function BusinessRules() {
  return (
    <aside aria-labelledby="regras-titulo" className="bg-muted/40 rounded-lg border p-3 text-sm">
      <h3 id="regras-titulo" className="mb-1 flex items-center gap-1.5 font-semibold">
        <Info className="size-4" aria-hidden /> Regras do negócio
      </h3>
      <ul className="list-disc space-y-0.5 pl-5">
        {BUSINESS_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </aside>
  );
}

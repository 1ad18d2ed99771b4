// Portuguese text as the assistant reads it: accents and case folded, stop words dropped, words
// reduced to their Snowball stem ('Planos' → 'plan', 'preço' and 'preco' → 'prec'), so one form
// of a word matches all of them. The search index and the topic vocabularies use the same steps.
import { stemmer } from '@orama/stemmers/portuguese';
import { foldText } from '@vitrine/domain/catalog';
import type { BillingPeriod } from '@vitrine/domain/pricing/periods';

// Function words that carry no meaning for a storefront question.
const STOP_WORDS = new Set(
  `a ao aos as ate com como da das de do dos e ela ele em entre era essa esse esta este eu isso
  isto ja la lhe mais mas me meu minha na nas no nos o os ou para pela pelas pelo pelos por qual
  quais que se sem ser seu sua tambem te tem tu um uma umas uns voce voces vc vcs pra pro sao estou
  esta estao sobre muito
  `
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of a text, folded: 'Quanto custa o PLANO?' → ['quanto', 'custa', 'o', 'plano']. */
export function words(text: string): string[] {
  return foldText(text).match(/[a-z0-9]+/g) ?? [];
}

/** The stem of one folded word, or null for a stop word. */
export function stemWord(word: string): string | null {
  const folded = foldText(word);
  if (!folded || STOP_WORDS.has(folded)) return null;
  // Numbers and very short words are kept as they are ('4k', 'hd', 'tv').
  if (/\d/.test(folded) || folded.length <= 2) return folded;
  return stemmer(folded);
}

/** The distinct stems of a text. */
export function stems(text: string): Set<string> {
  const result = new Set<string>();
  for (const word of words(text)) {
    const stem = stemWord(word);
    if (stem) result.add(stem);
  }
  return result;
}

/** A vocabulary given as plain words, kept as their stems. */
export const vocabulary = (text: string) => stems(text);

export const overlaps = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  for (const item of a) if (b.has(item)) return true;
  return false;
};

const PERIOD_WORDS: Record<BillingPeriod, ReadonlySet<string>> = {
  monthly: vocabulary('mensal mensais mensalmente mes meses'),
  quarterly: vocabulary('trimestral trimestrais trimestralmente trimestre trimestres'),
  semiannual: vocabulary('semestral semestrais semestralmente semestre semestres'),
  annual: vocabulary('anual anuais anualmente ano anos'),
};

/** The billing period a text names ('plano anual', 'por 3 meses'), or null. */
export function findPeriod(text: string): BillingPeriod | null {
  const folded = foldText(text);
  // '3 meses', '6 meses', '12 meses', '1 ano'
  const months = /\b(1|3|6|12)\s*mes(es)?\b/.exec(folded)?.[1];
  if (months) return ({ 1: 'monthly', 3: 'quarterly', 6: 'semiannual', 12: 'annual' } as const)[months as '1' | '3' | '6' | '12'];
  const found = stems(text);
  // 'mes' also appears in 'R$ 40 por mês' questions about other periods: the longer names win.
  for (const period of ['annual', 'semiannual', 'quarterly', 'monthly'] as const) {
    if (overlaps(PERIOD_WORDS[period], found)) return period;
  }
  return null;
}

/** A credit quantity ('100 créditos', '50 creditos'), or null. */
export function findCredits(text: string): number | null {
  const match = /\b(\d{1,5})\s*(creditos?|cred)\b/.exec(foldText(text));
  return match ? Number(match[1]) : null;
}

/** A bare whole number, for a follow-up such as '150' after the assistant asked how many credits. */
export function findNumber(text: string): number | null {
  const match = /^\s*(\d{1,5})\s*$/.exec(foldText(text));
  return match ? Number(match[1]) : null;
}

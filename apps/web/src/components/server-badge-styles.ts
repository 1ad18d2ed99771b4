import type { ServerBadge } from '@vitrine/domain/resellers';

/** The colours of a server card's badge, on the storefront and in the admin. */
export const SERVER_BADGE_STYLES: Record<ServerBadge, string> = {
  'Pré-pago': 'bg-violet-600 text-white',
  'Pós-pago': 'bg-sky-700 text-white',
  'Clientes Ativos': 'bg-emerald-700 text-white',
  Mensalista: 'bg-amber-400 text-amber-950',
  Padrão: 'bg-secondary text-secondary-foreground',
};

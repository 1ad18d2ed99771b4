import { roundMoney } from '@vitrine/domain/money';
import { serverBadge, serverProduct, serverTotal, type PublicResellerPlan, type ResellerPlanType, type ServerCard } from '@vitrine/domain/resellers';
import type { ResellerPlanRow, ResellersRepository, ServerRow } from './resellers.repository.ts';

export const toPublicResellerPlan = (row: ResellerPlanRow): PublicResellerPlan => ({
  id: row.id,
  name: row.name,
  type: row.type,
  description: row.description,
  credits: row.credits,
  price: roundMoney(row.price),
  pricePerCredit: row.pricePerCredit === null ? null : roundMoney(row.pricePerCredit),
  minimumMonthly: row.minimumMonthly === null ? null : roundMoney(row.minimumMonthly),
  features: row.features,
});

export async function listPublicResellerPlans({ repository }: { repository: ResellersRepository }, type?: ResellerPlanType) {
  return (await repository.listActivePlans(type)).map(toPublicResellerPlan);
}

export function toServerCard(row: ServerRow): ServerCard | null {
  const product = serverProduct(row.category);
  if (!product) return null;
  return {
    id: row.id,
    product,
    category: row.category,
    supplier: row.supplier,
    server: row.server,
    costPerCredit: roundMoney(row.costPerCredit),
    qtdCreditos: row.qtdCreditos,
    total: serverTotal(row.qtdCreditos, row.costPerCredit),
    minimumPurchase: roundMoney(row.minimumPurchase),
    badge: serverBadge(row),
  };
}

/** Server cards are the active supplier_pricing rows of category 'Planos {product}'. */
export async function listServerCards({ repository }: { repository: ResellersRepository }): Promise<ServerCard[]> {
  return (await repository.listActiveServerRows()).map(toServerCard).filter((card): card is ServerCard => card !== null);
}

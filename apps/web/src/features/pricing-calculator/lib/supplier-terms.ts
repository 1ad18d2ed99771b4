// A supplier card's terms line, written the Brazilian way: money as R$ 1.234,56, counts as 1.200.
import { formatBRL } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import type { AdminSupplier } from '@vitrine/domain/recharge';

type SupplierTerms = Pick<AdminSupplier, 'costPerCredit' | 'minimumPurchase' | 'qtdCreditos' | 'custoMedioCreditos' | 'pagamentoMinimo'>;

/** 'R$ 2,50 por crédito · compra mínima R$ 100,00 · 1.200 créditos', then the average cost and minimum payment when set. */
export function supplierTerms(row: SupplierTerms): string {
  return [
    `${formatBRL(row.costPerCredit)} por crédito`,
    `compra mínima ${formatBRL(row.minimumPurchase)}`,
    `${formatDecimal(row.qtdCreditos)} ${row.qtdCreditos === 1 ? 'crédito' : 'créditos'}`,
    row.custoMedioCreditos !== null ? `custo médio ${formatBRL(row.custoMedioCreditos)}` : null,
    row.pagamentoMinimo !== null ? `pagamento mínimo ${formatBRL(row.pagamentoMinimo)}` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

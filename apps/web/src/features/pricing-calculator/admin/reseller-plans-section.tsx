// Reseller plans edited where they are listed, in the specification's pattern (the same as suppliers'):
// the list, an add form behind a toggle, a row opened in place with Salvar or Cancelar, removal.
import { formatBRL } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { RESELLER_PLAN_TYPE_LABELS, RESELLER_PLAN_TYPES } from '@vitrine/domain/resellers';
import { BILLING_PERIODS_NEW, MODALIDADES_PLANO, resellerPlanCreateSchema, type AdminResellerPlan } from '@vitrine/domain/resellers-admin';
import { adminResellerPlansContract } from '@vitrine/domain/resellers-admin.contract';
import type { FieldSpec } from '@/components/form/schema-form';
import { Badge } from '@/components/ui/badge';
import { useAdminTable } from '@/features/admin/api/use-admin-table';
import { InlineCrudList } from '@/features/admin/components/inline-crud-list';
import { useIsNarrow } from '@/lib/use-is-narrow';

const options = (values: readonly string[], labels: Record<string, string>) => values.map((value) => ({ value, label: labels[value] ?? value }));

const MODALIDADE_LABELS: Record<string, string> = {
  single: 'Single',
  soccer: 'Futebol',
  unitv_android: 'UniTV Android',
  unitv_tv: 'UniTV TV',
  premium: 'Premium',
  pre_pago: 'Pré-pago',
  pos_pago: 'Pós-pago',
};
const PERIOD_NEW_LABELS: Record<string, string> = { mensal: 'Mensal', trimestral: 'Trimestral', semestral: 'Semestral', anual: 'Anual' };

const FIELDS: FieldSpec[] = [
  { key: 'name', label: 'Nome', kind: 'text' },
  { key: 'type', label: 'Tipo', kind: 'select', options: options(RESELLER_PLAN_TYPES, RESELLER_PLAN_TYPE_LABELS) },
  { key: 'modalidadePlano', label: 'Modalidade', kind: 'select', options: options(MODALIDADES_PLANO, MODALIDADE_LABELS) },
  { key: 'billingPeriodNew', label: 'Período de cobrança', kind: 'select', options: options(BILLING_PERIODS_NEW, PERIOD_NEW_LABELS), nullable: true },
  { key: 'credits', label: 'Créditos', kind: 'number' },
  { key: 'price', label: 'Preço (R$)', kind: 'money' },
  { key: 'qtdAcessosSimultaneos', label: 'Acessos simultâneos', kind: 'number' },
  { key: 'duracaoCreditos', label: 'Duração dos créditos (dias)', kind: 'number' },
  { key: 'custoPorRevenda', label: 'Custo por revenda (R$)', kind: 'money', nullable: true },
  { key: 'pricePerCredit', label: 'Preço por crédito (R$)', kind: 'money', nullable: true },
  { key: 'minimumMonthly', label: 'Mínimo mensal (R$)', kind: 'money', nullable: true },
  { key: 'isActive', label: 'Ativo', kind: 'boolean' },
  { key: 'description', label: 'Descrição', kind: 'textarea' },
  { key: 'features', label: 'Recursos (um por linha)', kind: 'lines' },
];
const NEW_PLAN = {
  name: '',
  description: '',
  type: 'prepaid',
  credits: 1,
  price: 0,
  features: [],
  modalidadePlano: null,
  billingPeriodNew: null,
  qtdAcessosSimultaneos: 1,
  duracaoCreditos: 30,
  isActive: true,
};

export function ResellerPlansSection() {
  const isMobile = useIsNarrow();
  const table = useAdminTable({
    contract: adminResellerPlansContract,
    table: 'reseller_plans',
    label: 'planos de revenda',
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    isMobile,
    loadErrorTitle: 'Falha ao carregar planos',
    messages: {
      create: { success: 'Plano adicionado com sucesso', error: 'Falha ao adicionar plano' },
      update: { success: 'Plano atualizado com sucesso', error: 'Falha ao atualizar plano' },
      delete: { success: 'Plano removido com sucesso', error: 'Falha ao remover plano' },
    },
  });
  return (
    <InlineCrudList<AdminResellerPlan, unknown>
      id="planos-revenda"
      title="Planos de Revenda"
      description="Cada plano é editado na própria linha: Salvar grava, Cancelar (ou Esc) descarta."
      table={table}
      addLabel="Novo plano de revenda"
      newLabel="Novo plano de revenda"
      plural="planos de revenda"
      emptyText="Nenhum plano de revenda cadastrado."
      nameOf={(row) => row.name}
      fields={FIELDS}
      schema={resellerPlanCreateSchema}
      newValues={NEW_PLAN}
      gridClassName="sm:grid-cols-2 lg:grid-cols-4"
      listClassName="divide-y rounded-lg border"
      rowClassName="grid items-center gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto_auto]"
      renderRow={(row) => (
        <>
          <div className="min-w-0">
            <p className="font-medium break-words">{row.name}</p>
            <p className="text-muted-foreground text-xs break-words">
              {RESELLER_PLAN_TYPE_LABELS[row.type]}
              {row.modalidadePlano && ` · ${MODALIDADE_LABELS[row.modalidadePlano]}`}
              {row.billingPeriodNew && ` · ${PERIOD_NEW_LABELS[row.billingPeriodNew]}`}
            </p>
          </div>
          <p className="text-sm">{formatDecimal(row.credits)} créditos</p>
          <p className="text-sm font-semibold">{formatBRL(row.price)}</p>
          <Badge className="w-fit" variant={row.isActive ? 'default' : 'outline'}>
            {row.isActive ? 'Ativo' : 'Inativo'}
          </Badge>
        </>
      )}
    />
  );
}

// Reseller plans and streaming (activation) apps: every field of their shapes, on the generic section.
import { Badge } from '@/components/ui/badge';
import { STREAMING_APP_CATEGORIES } from '@vitrine/domain/catalog';
import { streamingAppCreateSchema } from '@vitrine/domain/catalog-admin';
import { adminStreamingAppsContract } from '@vitrine/domain/catalog-admin.contract';
import { formatBRL, multiplyMoney } from '@vitrine/domain/money';
import { RESELLER_PLAN_TYPE_LABELS, RESELLER_PLAN_TYPES } from '@vitrine/domain/resellers';
import { BILLING_PERIODS_NEW, MODALIDADES_PLANO, resellerPlanCreateSchema } from '@vitrine/domain/resellers-admin';
import { adminResellerPlansContract } from '@vitrine/domain/resellers-admin.contract';
import { ResourceSection } from '../components/resource-section';

const options = (values: readonly string[], labels: Record<string, string> = {}) => values.map((value) => ({ value, label: labels[value] ?? value }));
const status = (active: unknown) => <Badge variant={active ? 'default' : 'outline'}>{active ? 'Ativo' : 'Inativo'}</Badge>;

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

export function ResellerPlansSection() {
  return (
    <ResourceSection
      id="planos-revenda"
      title="Planos de Revenda"
      contract={adminResellerPlansContract}
      table="reseller_plans"
      label="planos de revenda"
      newLabel="Novo plano de revenda"
      defaultSort="createdAt"
      defaultOrder="desc"
      nameOf={(row) => String(row.name)}
      createSchema={resellerPlanCreateSchema}
      loadErrorTitle="Falha ao carregar planos"
      messages={{
        create: { success: 'Plano adicionado com sucesso', error: 'Falha ao adicionar plano' },
        update: { success: 'Plano atualizado com sucesso', error: 'Falha ao atualizar plano' },
        delete: { success: 'Plano removido com sucesso', error: 'Falha ao remover plano' },
      }}
      defaults={{ type: 'prepaid', credits: 1, price: 0, features: [], qtdAcessosSimultaneos: 1, duracaoCreditos: 30, isActive: true }}
      columns={[
        { key: 'name', header: 'Nome', sort: 'name', cell: (row) => <span className="font-medium">{String(row.name)}</span> },
        { key: 'type', header: 'Tipo', cell: (row) => RESELLER_PLAN_TYPE_LABELS[row.type as keyof typeof RESELLER_PLAN_TYPE_LABELS] },
        { key: 'credits', header: 'Créditos', sort: 'credits', cell: (row) => String(row.credits) },
        { key: 'price', header: 'Preço', sort: 'price', cell: (row) => formatBRL(Number(row.price)) },
        { key: 'isActive', header: 'Status', cell: (row) => status(row.isActive) },
      ]}
      fields={[
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
      ]}
    />
  );
}

export function StreamingAppsSection() {
  return (
    <ResourceSection
      id="apps-streaming"
      title="Apps de Streaming"
      description="O preço cadastrado é o de revendedor; o cliente final paga 1,5 × esse valor."
      contract={adminStreamingAppsContract}
      table="streaming_apps"
      label="apps de streaming"
      newLabel="Novo app de streaming"
      defaultSort="name"
      nameOf={(row) => String(row.name)}
      createSchema={streamingAppCreateSchema}
      defaults={{ category: STREAMING_APP_CATEGORIES[0].id, price: 0, version: '1.0.0', rating: 0, ratingCount: 0, tags: [], screenshots: [], features: [], faq: [], hasMonthlyLicense: true, hasAnnualLicense: false, isActive: true, isFeatured: false }}
      columns={[
        { key: 'name', header: 'Nome', sort: 'name', cell: (row) => <span className="font-medium">{String(row.name)}</span> },
        { key: 'category', header: 'Categoria', sort: 'category', cell: (row) => STREAMING_APP_CATEGORIES.find((category) => category.id === row.category)?.name ?? String(row.category) },
        { key: 'price', header: 'Revendedor', sort: 'price', cell: (row) => formatBRL(Number(row.price)) },
        { key: 'clientPrice', header: 'Cliente (1,5 ×)', cell: (row) => formatBRL(multiplyMoney(Number(row.price), 1.5)) },
        { key: 'isActive', header: 'Status', cell: (row) => status(row.isActive) },
      ]}
      fields={[
        { key: 'name', label: 'Nome', kind: 'text' },
        { key: 'category', label: 'Categoria', kind: 'select', options: STREAMING_APP_CATEGORIES.map((category) => ({ value: category.id, label: category.name })) },
        { key: 'price', label: 'Preço de revendedor (R$)', kind: 'money' },
        { key: 'version', label: 'Versão', kind: 'text' },
        { key: 'developer', label: 'Desenvolvedor', kind: 'text', nullable: true },
        { key: 'iconUrl', label: 'Ícone (endereço https ou imagem enviada)', kind: 'url', nullable: true, upload: 'app-media' },
        { key: 'rating', label: 'Nota (0 a 5)', kind: 'number' },
        { key: 'ratingCount', label: 'Número de avaliações', kind: 'number' },
        { key: 'minVersion', label: 'Versão mínima', kind: 'text', nullable: true },
        { key: 'ram', label: 'Memória (RAM)', kind: 'text', nullable: true },
        { key: 'storage', label: 'Armazenamento', kind: 'text', nullable: true },
        { key: 'internetSpeed', label: 'Velocidade de internet', kind: 'text', nullable: true },
        { key: 'hasMonthlyLicense', label: 'Licença mensal', kind: 'boolean' },
        { key: 'hasAnnualLicense', label: 'Licença anual', kind: 'boolean' },
        { key: 'isActive', label: 'Ativo', kind: 'boolean' },
        { key: 'isFeatured', label: 'Destaque', kind: 'boolean' },
        { key: 'description', label: 'Descrição', kind: 'textarea' },
        { key: 'features', label: 'Recursos (um por linha)', kind: 'lines' },
        { key: 'tags', label: 'Etiquetas (uma por linha)', kind: 'lines' },
        { key: 'screenshots', label: 'Capturas de tela (um endereço por linha)', kind: 'lines', upload: 'app-media' },
        { key: 'faq', label: 'Perguntas frequentes (JSON)', kind: 'json', hint: 'Lista de {"question": "…", "answer": "…"}' },
      ]}
    />
  );
}

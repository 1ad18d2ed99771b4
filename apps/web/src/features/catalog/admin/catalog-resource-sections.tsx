// Streaming (activation) apps: every field of their shape, on the generic section.
import { STREAMING_APP_CATEGORIES } from '@vitrine/domain/catalog';
import { streamingAppCreateSchema } from '@vitrine/domain/catalog-admin';
import { adminStreamingAppsContract } from '@vitrine/domain/catalog-admin.contract';
import { formatBRL, multiplyMoney } from '@vitrine/domain/money';
import { Badge } from '@/components/ui/badge';
import { ResourceSection } from '@/features/admin/components/resource-section';

const status = (active: unknown) => <Badge variant={active ? 'default' : 'outline'}>{active ? 'Ativo' : 'Inativo'}</Badge>;

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
      defaults={{
        category: STREAMING_APP_CATEGORIES[0].id,
        price: 0,
        version: '1.0.0',
        rating: 0,
        ratingCount: 0,
        tags: [],
        screenshots: [],
        features: [],
        faq: [],
        hasMonthlyLicense: true,
        hasAnnualLicense: false,
        isActive: true,
        isFeatured: false,
      }}
      columns={[
        { key: 'name', header: 'Nome', sort: 'name', cell: (row) => <span className="font-medium">{String(row.name)}</span> },
        {
          key: 'category',
          header: 'Categoria',
          sort: 'category',
          cell: (row) => STREAMING_APP_CATEGORIES.find((category) => category.id === row.category)?.name ?? String(row.category),
        },
        { key: 'price', header: 'Revendedor', sort: 'price', cell: (row) => formatBRL(Number(row.price)) },
        { key: 'clientPrice', header: 'Cliente (1,5 ×)', cell: (row) => formatBRL(multiplyMoney(Number(row.price), 1.5)) },
        { key: 'isActive', header: 'Status', cell: (row) => status(row.isActive) },
      ]}
      fields={[
        { key: 'name', label: 'Nome', kind: 'text' },
        {
          key: 'category',
          label: 'Categoria',
          kind: 'select',
          options: STREAMING_APP_CATEGORIES.map((category) => ({ value: category.id, label: category.name })),
        },
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

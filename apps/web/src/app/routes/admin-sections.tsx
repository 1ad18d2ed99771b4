// What each admin section shows: the sections come from their domain's feature (features/<domain>/admin/).
import { Calculator } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SecuritySection } from '@/features/access/admin/security-section';
import { CrudTesterSection } from '@/features/admin/components/crud-tester-section';
import type { AdminSectionId } from '@/features/admin/lib/sections';
import { DashboardSection } from '@/features/analytics/admin/dashboard-section';
import { AppsSection } from '@/features/catalog/admin/apps-section';
import { StreamingAppsSection } from '@/features/catalog/admin/catalog-resource-sections';
import { PlansSection } from '@/features/catalog/admin/plans-section';
import { ConversationsSection } from '@/features/chat/admin/conversations-section';
import { ModelsSection } from '@/features/chat/admin/models-section';
import { ShortcutsSection } from '@/features/chat/admin/shortcuts-section';
import { ContactMessagesSection } from '@/features/content/admin/contact-messages-section';
import { ContentSection } from '@/features/content/admin/content-section';
import { CustomerFigures } from '@/features/customers/admin/customer-figures';
import { CustomersSection } from '@/features/customers/admin/customers-section';
import { DeliveriesSection } from '@/features/customers/admin/deliveries-section';
import { TmdbSection } from '@/features/media/admin/tmdb-section';
import { PaymentsSection } from '@/features/payments/admin/payments-section';
import { NewRechargePanel, RechargeOrdersPanel } from '@/features/pricing-calculator/admin/credit-orders-section';
import { ProvidersManager } from '@/features/pricing-calculator/admin/providers-section';
import { ResellerPlansSection } from '@/features/pricing-calculator/admin/reseller-plans-section';
import { ServersPanel, SuppliersManager } from '@/features/pricing-calculator/admin/suppliers-section';
import { WebhooksSection } from '@/features/webhooks/admin/webhooks-section';

export const SECTION_CONTENT: Record<AdminSectionId, () => ReactNode> = {
  // The dashboard shows the customers' figures too (features/customers), composed here: features do not import each other.
  dashboard: () => <DashboardSection customerFigures={<CustomerFigures linked />} />,
  apps: () => <AppsSection />,
  plans: () => <PlansSection />,
  'reseller-plans': () => <ResellerPlansSection />,
  'streaming-apps': () => <StreamingAppsSection />,
  shortcuts: () => <ShortcutsSection />,
  'pricing-calculator': () => (
    <section className="space-y-3" aria-labelledby="calculadora-titulo">
      <h2 id="calculadora-titulo" className="text-lg font-semibold">
        Calculadora de Preços
      </h2>
      <p className="text-muted-foreground text-sm">
        Preços, margens e rentabilidade por provedor, tabelas de referência, visão consolidada, exportações e pedidos de créditos, em nove abas.
      </p>
      <Button asChild>
        <Link to="/pricing-calculator">
          <Calculator className="size-4" aria-hidden /> Abrir a calculadora
        </Link>
      </Button>
    </section>
  ),
  suppliers: () => (
    <div className="space-y-10">
      <SuppliersManager />
      <ProvidersManager />
    </div>
  ),
  servers: () => <ServersPanel />,
  'new-recharge': () => <NewRechargePanel />,
  'recharge-orders': () => <RechargeOrdersPanel />,
  webhooks: () => <WebhooksSection />,
  models: () => <ModelsSection />,
  tmdb: () => <TmdbSection />,
  security: () => <SecuritySection />,
  content: () => <ContentSection />,
  'crud-tester': () => <CrudTesterSection />,
  'contact-messages': () => <ContactMessagesSection />,
  conversations: () => <ConversationsSection />,
  payments: () => <PaymentsSection />,
  deliveries: () => <DeliveriesSection />,
  customers: () => <CustomersSection />,
};

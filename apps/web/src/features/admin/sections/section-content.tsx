// What each admin section shows.
import type { ReactNode } from 'react';
import { Calculator } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { AdminSectionId } from '../lib/sections';
import { AppsSection } from './apps-section';
import { StreamingAppsSection } from './catalog-resource-sections';
import { ResellerPlansSection } from './reseller-plans-section';
import { ContentSection } from './content-section';
import { DashboardSection } from './dashboard-section';
import { CrudTesterSection, ModelsSection, TmdbSection } from './integrations-sections';
import { ContactMessagesSection, ConversationsSection, WebhooksSection } from './operations-sections';
import { PaymentsSection } from './payments-section';
import { PlansSection } from './plans-section';
import { SecuritySection } from './security-section';
import { ShortcutsSection } from './shortcuts-section';
import { NewRechargePanel, ProvidersManager, RechargeOrdersPanel, ServersPanel, SuppliersManager } from './recharge-sections';

export const SECTION_CONTENT: Record<AdminSectionId, () => ReactNode> = {
  dashboard: () => <DashboardSection />,
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
};

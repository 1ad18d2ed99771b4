// What each admin section shows. Sections of the reseller/pricing module show their names until it lands.
import type { ReactNode } from 'react';
import { AppsSection } from './apps-section';
import { ResellerPlansSection, StreamingAppsSection } from './catalog-resource-sections';
import { ContentSection } from './content-section';
import { DashboardSection } from './dashboard-section';
import { CrudTesterSection, ModelsSection, TmdbSection } from './integrations-sections';
import { ContactMessagesSection, ConversationsSection, WebhooksSection } from './operations-sections';
import { PlansSection } from './plans-section';
import { SecuritySection } from './security-section';
import { ShortcutsSection } from './shortcuts-section';

export const SECTION_CONTENT: Partial<Record<string, () => ReactNode>> = {
  dashboard: () => <DashboardSection />,
  apps: () => <AppsSection />,
  plans: () => <PlansSection />,
  'reseller-plans': () => <ResellerPlansSection />,
  'streaming-apps': () => <StreamingAppsSection />,
  shortcuts: () => <ShortcutsSection />,
  webhooks: () => <WebhooksSection />,
  models: () => <ModelsSection />,
  tmdb: () => <TmdbSection />,
  security: () => <SecuritySection />,
  content: () => <ContentSection />,
  'crud-tester': () => <CrudTesterSection />,
  'contact-messages': () => <ContactMessagesSection />,
  conversations: () => <ConversationsSection />,
};

import type { PageHandle } from '@/components/layouts/page-head';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { ContactChannelLinks } from '@/features/content/components/contact-info';

export const handle: PageHandle = {
  title: 'Assistente de IA',
  description: 'Converse com o assistente de IA da Vitrine para escolher um plano, ativar apps e tirar dúvidas.',
};

export function Component() {
  return <ChatScreen otherChannels={<ContactChannelLinks />} />;
}

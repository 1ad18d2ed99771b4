import { ChatScreen } from '@/features/chat/components/chat-screen';
import { ContactChannelLinks } from '@/features/content/components/contact-info';

export function Component() {
  return <ChatScreen otherChannels={<ContactChannelLinks />} />;
}

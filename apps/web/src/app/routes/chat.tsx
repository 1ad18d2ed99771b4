import { ChatScreen } from '@/features/chat/components/chat-screen';

export function Component() {
  return <ChatScreen />;
}

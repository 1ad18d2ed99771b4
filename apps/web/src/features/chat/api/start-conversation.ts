import { callEndpoint } from '@/lib/api-client';
import { chatContract } from '@vitrine/domain/chat.contract';

/** A new conversation, opened by the assistant's greeting. */
export const startConversation = () => callEndpoint(chatContract.startConversation);

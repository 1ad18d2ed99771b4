import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

/** A new conversation, opened by the assistant's greeting. */
export const startConversation = () => callEndpoint(chatContract.startConversation);

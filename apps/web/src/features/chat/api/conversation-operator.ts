// The operator's writes on a conversation (admin only, authorised on the server): a reply typed in the
// admin for a WhatsApp conversation, sent to the customer's number; and handing it back to the assistant.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminChatConversation } from '@vitrine/domain/chat';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';
import { adminConversationQueryOptions } from './get-admin-conversation';

export function replyAsOperator({ id, text }: { id: string; text: string }) {
  return callEndpoint(chatContract.replyAsOperator, { params: { id }, body: { text } });
}

export function handBackConversation(id: string) {
  return callEndpoint(chatContract.handBack, { params: { id } });
}

/** The conversation as the server answered it replaces the one shown; the list is read again (its badges). */
function useConversationWrite<Input>(write: (input: Input) => Promise<AdminChatConversation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (conversation) => queryClient.setQueryData(adminConversationQueryOptions(conversation.id).queryKey, conversation),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['chat_conversations', 'admin'] }),
  });
}

export const useReplyAsOperator = () => useConversationWrite(replyAsOperator);
export const useHandBack = () => useConversationWrite(handBackConversation);

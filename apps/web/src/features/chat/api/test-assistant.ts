import { useMutation } from '@tanstack/react-query';
import { adminShortcutActionsContract } from '@vitrine/domain/chat-admin.contract';
import { callEndpoint } from '@/lib/api-client';

/** Asks the assistant in force a question (admin only); no conversation is stored. */
export function testAssistant(question: string) {
  return callEndpoint(adminShortcutActionsContract.testAssistant, { body: { question } });
}

export function useTestAssistant() {
  return useMutation({ mutationFn: testAssistant });
}

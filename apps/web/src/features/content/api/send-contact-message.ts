import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@vitrine/domain/content';
import { contentContract } from '@vitrine/domain/content.contract';
import { callEndpoint } from '@/lib/api-client';

export function sendContactMessage(input: ContactMessageInput) {
  return callEndpoint(contentContract.sendContactMessage, { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

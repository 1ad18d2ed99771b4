import { useMutation } from '@tanstack/react-query';
import type { ContactMessageCreated, ContactMessageInput } from '@vitrine/domain/content';
import { api } from '@/lib/api-client';

export function sendContactMessage(input: ContactMessageInput) {
  return api.post<ContactMessageCreated>('/api/contact', input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

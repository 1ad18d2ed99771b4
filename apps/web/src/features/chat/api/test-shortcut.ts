import { useMutation } from '@tanstack/react-query';
import { adminShortcutActionsContract } from '@vitrine/domain/chat-admin.contract';
import { callEndpoint } from '@/lib/api-client';

/** Queues a test delivery of a webhook shortcut (admin only). */
export function testShortcut(id: string) {
  return callEndpoint(adminShortcutActionsContract.test, { params: { id } });
}

export function useTestShortcut() {
  return useMutation({ mutationFn: testShortcut });
}

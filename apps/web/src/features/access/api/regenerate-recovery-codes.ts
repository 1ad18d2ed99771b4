import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoFactorRegenerateInputSchema } from '@vitrine/domain/two-factor';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';
import { callEndpoint } from '@/lib/api-client';

/** New recovery codes (the password checked); the old ones stop working. */
export function regenerateRecoveryCodes(body: z.input<typeof twoFactorRegenerateInputSchema>) {
  return callEndpoint(twoFactorContract.regenerateRecoveryCodes, { body });
}

export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}

import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoFactorCodeInputSchema } from '@vitrine/domain/two-factor';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';
import { callEndpoint } from '@/lib/api-client';

/** Confirms the authenticator app with one of its codes: the second factor is on from then. */
export function confirmTwoFactor(body: z.input<typeof twoFactorCodeInputSchema>) {
  return callEndpoint(twoFactorContract.verifyTotp, { body });
}

export function useConfirmTwoFactor() {
  return useMutation({ mutationFn: confirmTwoFactor });
}

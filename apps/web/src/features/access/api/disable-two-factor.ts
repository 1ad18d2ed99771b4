import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoFactorDisableInputSchema } from '@vitrine/domain/two-factor';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';
import { callEndpoint } from '@/lib/api-client';

/** Turns the second factor off, with the password and a current code (of the app, or a recovery code). */
export function disableTwoFactor(body: z.input<typeof twoFactorDisableInputSchema>) {
  return callEndpoint(twoFactorContract.disable, { body });
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}

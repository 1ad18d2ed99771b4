import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoFactorEnableInputSchema } from '@vitrine/domain/two-factor';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';
import { callEndpoint } from '@/lib/api-client';

/** Starts turning on the second factor (the password checked): the TOTP URI and the recovery codes, shown once. */
export function enableTwoFactor(body: z.input<typeof twoFactorEnableInputSchema>) {
  return callEndpoint(twoFactorContract.enable, { body });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

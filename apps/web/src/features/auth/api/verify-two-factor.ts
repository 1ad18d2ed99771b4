import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorVerifyResultSchema } from '@vitrine/domain/two-factor';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';
import { callEndpoint } from '@/lib/api-client';
import { UnexpectedAnswerError } from '../lib/auth-error-message';
import type { AccessInfo } from './get-session';
import { checkAccess, reloadAsSignedIn } from './sign-in';

/** The second step of a two-factor sign-in: a code from the app, or a recovery code; then the same access check. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, code }: { kind: 'totp' | 'recovery'; code: string }): Promise<AccessInfo> => {
      const endpoint = kind === 'totp' ? twoFactorContract.verifyTotp : twoFactorContract.verifyRecoveryCode;
      const parsed = twoFactorVerifyResultSchema.safeParse(await callEndpoint(endpoint, { body: { code } }));
      if (!parsed.success) throw new UnexpectedAnswerError();
      return checkAccess(queryClient);
    },
    onSuccess: () => reloadAsSignedIn(queryClient),
  });
}

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import { signInResultSchema, type Credentials } from '@vitrine/domain/auth';
import { callEndpoint } from '@/lib/api-client';
import { AccessCheckError, UnexpectedAnswerError } from '../lib/auth-error-message';
import { sessionQueryKey, sessionQueryOptions, type AccessInfo } from './get-session';

export async function signIn(credentials: Credentials) {
  const parsed = signInResultSchema.safeParse(await callEndpoint(accessContract.signIn, { body: credentials }));
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

/** Signed in (access checked), or the password was right and the second step (a code) comes next. */
export type SignInOutcome = { twoFactorRequired: true; email: string } | { twoFactorRequired: false; access: AccessInfo };

/** Asks the server who is signed in right after a sign-in step; its failure has its own message. */
export async function checkAccess(queryClient: QueryClient): Promise<AccessInfo> {
  let access: AccessInfo;
  try {
    access = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
  } catch (cause) {
    throw new AccessCheckError(cause);
  }
  if (!access.signedIn) throw new AccessCheckError();
  return access;
}

// Everything else cached so far was fetched as a visitor: admin views must load again with the session.
export const reloadAsSignedIn = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });

/**
 * Signs in, then checks access with the server (who is signed in, still PRO?) before the form moves on:
 * a failure of that check has its own message. An account with two-factor on gets no session yet.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<SignInOutcome> => {
      const result = await signIn(credentials);
      if (result.twoFactorRequired) return { twoFactorRequired: true, email: result.email };
      return { twoFactorRequired: false, access: await checkAccess(queryClient) };
    },
    onSuccess: (outcome) => (outcome.twoFactorRequired ? undefined : reloadAsSignedIn(queryClient)),
  });
}

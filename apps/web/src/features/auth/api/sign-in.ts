import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInResultSchema, type Credentials } from '@vitrine/domain/auth';
import { callEndpoint } from '@/lib/api-client';
import { accessContract } from '@vitrine/domain/access.contract';
import { AccessCheckError, UnexpectedAnswerError } from '../lib/auth-error-message';
import { sessionQueryKey, sessionQueryOptions, type AccessInfo } from './get-session';

export async function signIn(credentials: Credentials) {
  const parsed = signInResultSchema.safeParse(await callEndpoint(accessContract.signIn, { body: credentials }));
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

/**
 * Signs in, then checks access with the server (who is signed in, still PRO?) before the form moves on:
 * a failure of that check has its own message.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<AccessInfo> => {
      await signIn(credentials);
      let access: AccessInfo;
      try {
        access = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
      } catch (cause) {
        throw new AccessCheckError(cause);
      }
      if (!access.signedIn) throw new AccessCheckError();
      return access;
    },
    // Everything else cached so far was fetched as a visitor: admin views must load again with the session.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] }),
  });
}

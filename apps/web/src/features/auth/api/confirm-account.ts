import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import { confirmAccountResultSchema, confirmLookupResultSchema, type ConfirmAccountInput, type ConfirmLookupResult } from '@vitrine/domain/auth';
import { callEndpoint } from '@/lib/api-client';
import { UnexpectedAnswerError } from '../lib/auth-error-message';

/** What a confirmation link is for (which e-mail; the sign-up password or a new one). The token travels in the body. */
export async function lookupConfirmation(token: string): Promise<ConfirmLookupResult> {
  const parsed = confirmLookupResultSchema.safeParse(await callEndpoint(accessContract.confirmLookup, { body: { token } }));
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

const CONFIRMATION_LINK_KEY = 'confirmation-link';

export function useConfirmationLookup(token: string | null) {
  return useQuery({
    queryKey: [CONFIRMATION_LINK_KEY, token],
    queryFn: () => lookupConfirmation(token!),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export async function confirmAccount(input: ConfirmAccountInput) {
  const parsed = confirmAccountResultSchema.safeParse(await callEndpoint(accessContract.confirm, { body: input }));
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

export function useConfirmAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAccount,
    // Signed in now: the session and everything fetched as a visitor load again, but not the link's
    // lookup: the link is spent, and asking again would only be answered 400 (and logged by the browser).
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CONFIRMATION_LINK_KEY }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

/** Keyed by the configuration table: setting a step (a PIX key, a contact e-mail) refreshes it. */
export const setupChecklistQueryOptions = queryOptions({
  queryKey: ['site_configurations', 'admin', 'setup-checklist'],
  queryFn: ({ signal }) => callEndpoint(adminContract.setupChecklist, {}, { signal }),
});

/** 'Primeiros passos': what a new shop still has to set. */
export function useSetupChecklist() {
  return useQuery(setupChecklistQueryOptions);
}

import { useMutation } from '@tanstack/react-query';
import { adminContentContract } from '@vitrine/domain/content-admin.contract';
import { callEndpoint } from '@/lib/api-client';

/**
 * Writes one entry of a section from the version the editor read (null: there was none); refused (409,
 * with the entry as it is now) when another admin's write came first.
 */
export function upsertConfigEntry({
  section,
  key,
  value,
  expectedUpdatedAt,
}: {
  section: string;
  key: string;
  value: unknown;
  expectedUpdatedAt: string | null;
}) {
  return callEndpoint(adminContentContract.upsertConfig, { params: { section, key }, body: { value, expectedUpdatedAt } });
}

/** The editor reads the section again once all its writes are done (one save may write several entries). */
export function useUpsertConfigEntry() {
  return useMutation({ mutationFn: upsertConfigEntry });
}

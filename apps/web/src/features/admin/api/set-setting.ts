import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingKey } from '@vitrine/domain/settings';
import { settingsContract } from '@vitrine/domain/settings.contract';
import { callEndpoint } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

/** Sets a setting from the version the screen read (null: none was set in the panel); refused (409) when another admin's came first. */
export function setSetting({ key, value, expectedUpdatedAt }: { key: SettingKey; value: string; expectedUpdatedAt: string | null }) {
  return callEndpoint(settingsContract.setSetting, { params: { key }, body: { value, expectedUpdatedAt } });
}

/** The settings are read again once the save ends, saved or refused (the value in force now). */
export function useSetSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSetting, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingKey } from '@vitrine/domain/settings';
import { settingsContract } from '@vitrine/domain/settings.contract';
import { callEndpoint } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

/** Takes the panel's value away: the setting goes back to the environment's. */
export function resetSetting(key: SettingKey) {
  return callEndpoint(settingsContract.resetSetting, { params: { key } });
}

export function useResetSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetSetting, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}

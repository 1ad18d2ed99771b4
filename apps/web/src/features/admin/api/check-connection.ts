import { healthContract } from '@vitrine/domain/health.contract';
import { callEndpoint } from '@/lib/api-client';

export const CONNECTION_ERROR = { title: 'Erro de Conexão', description: 'Não foi possível conectar ao servidor. Verifique sua conexão.' } as const;

const CHECK_TIMEOUT_MS = 5_000;

/** True when the server answers and its database is up; a write is not sent otherwise. */
export async function checkConnection(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    const health = await callEndpoint(healthContract.health, {}, { timeoutMs: CHECK_TIMEOUT_MS });
    return health.status === 'ok';
  } catch {
    return false;
  }
}

import { useMutation } from '@tanstack/react-query';
import { healthContract } from '@vitrine/domain/health.contract';
import { callEndpoint } from '@/lib/api-client';

const CONNECTION_TEST_INTERVAL_MS = 20_000;
let lastTest: { at: number; result: Promise<string | null> } | null = null;

/** At most once per 20 s; callers during a test share it. Resolves to null or the failure's message. */
export function testConnection(now = Date.now()): Promise<string | null> {
  if (lastTest && now - lastTest.at < CONNECTION_TEST_INTERVAL_MS) return lastTest.result;
  const result = callEndpoint(healthContract.health, {}, { timeoutMs: 5_000 }).then(
    (health) => (health.status === 'ok' ? null : 'banco de dados indisponível'),
    (error: Error) => error.message,
  );
  lastTest = { at: now, result };
  return result;
}

/** The CRUD tester's connection test: the server and its database, asked at most once per 20 s. */
export function useTestConnection() {
  return useMutation({ mutationFn: () => testConnection() });
}

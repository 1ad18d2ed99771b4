import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, QUERY_RETRIES } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

describe('how a failed read is retried', () => {
  it('gives up on a server that cannot be reached within about 2 s, after 3 retries', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    let attempts = 0;
    const read = client
      .fetchQuery({
        queryKey: ['fora-do-ar'],
        queryFn: () => {
          attempts += 1;
          return Promise.reject(new ApiError(0, 'network_error', 'Erro de conexão. Verifique sua internet e tente novamente.'));
        },
      })
      .then(
        () => 'lida',
        (error: ApiError) => error.code,
      );
    await vi.advanceTimersByTimeAsync(2_100);
    expect(attempts).toBe(1 + QUERY_RETRIES);
    await expect(read).resolves.toBe('network_error');
  });

  it('does not retry what the server refused (4xx)', async () => {
    const client = createQueryClient();
    let attempts = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['recusada'],
        queryFn: () => {
          attempts += 1;
          return Promise.reject(new ApiError(403, 'forbidden', 'Proibido'));
        },
      }),
    ).rejects.toThrow('Proibido');
    expect(attempts).toBe(1);
  });
});

import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createRetryOptions } from './create-retry';

describe('an admin create sent again', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const run = async (failWith: () => unknown) => {
    const started = Date.now();
    const attempts: number[] = [];
    const observer = new MutationObserver(new QueryClient(), {
      mutationFn: async () => {
        attempts.push(Date.now() - started);
        throw failWith();
      },
      ...createRetryOptions,
    });
    const done = observer.mutate().catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    return attempts;
  };

  it('waits 1 s × the attempt number: the first retry 1 s after the failure, then 2 s, then 3 s, and stops after 3', async () => {
    expect(await run(() => new TypeError('Failed to fetch'))).toEqual([0, 1_000, 3_000, 6_000]);
  });

  it('retries a server error but never a refusal', async () => {
    expect(await run(() => new ApiError(503, 'indisponivel', 'Serviço indisponível'))).toHaveLength(4);
    expect(await run(() => new ApiError(400, 'validation_error', 'Dados inválidos'))).toEqual([0]);
  });
});

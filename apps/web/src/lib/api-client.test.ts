// The API client makes each request in a task of its own: the effects of a page coming to life ask
// for several answers from one task, and making a request is a few milliseconds of a slow phone's
// main thread.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { ApiError, callEndpoint } from './api-client';
import { nextTask } from './next-task';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('callEndpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes each request in a task of its own, not in the task that asked for it', async () => {
    const started: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        started.push(url);
        return json([]);
      }),
    );
    const answers = [callEndpoint(catalogContract.listPlans), callEndpoint(catalogContract.listAppCategories)];
    // Nothing is asked for in this task, nor in its microtasks.
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    expect(started).toEqual([]);
    await nextTask();
    await nextTask();
    expect(started).toEqual(['/api/plans', '/api/apps/categories']);
    await expect(Promise.all(answers)).resolves.toEqual([[], []]);
  });

  it('still answers with the error shape, and still refuses to ask once the caller has given up', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException('abortado', 'AbortError');
      return json({ error: { code: 'not_found', message: 'Plano não encontrado.' } }, 404);
    });
    vi.stubGlobal('fetch', fetch);
    await expect(callEndpoint(catalogContract.listPlans)).rejects.toMatchObject({ status: 404, code: 'not_found', message: 'Plano não encontrado.' });

    const caller = new AbortController();
    const given = callEndpoint(catalogContract.listPlans, {}, { signal: caller.signal });
    caller.abort();
    const error = await given.catch((cause: unknown) => cause);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

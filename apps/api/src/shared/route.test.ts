import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@vitrine/domain/contracts';
import { allEndpoints } from '@vitrine/domain/endpoints';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { route } from './route.ts';

describe('routes registered from the shared contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves exactly the contracts: every documented route has one, and every contract is served', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
      .filter((key) => key !== 'GET /api/openapi.json')
      .sort();
    expect(served).toEqual(allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort());
  });

  it('documents each contract with its summary and error answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary: string; responses: Record<string, unknown> }>>;
    };
    for (const endpoint of allEndpoints) {
      const operation = doc.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation?.summary, `${endpoint.method} ${endpoint.path}`).toBe(endpoint.summary);
      for (const status of endpoint.errors ?? []) expect(Object.keys(operation!.responses)).toContain(String(status));
    }
  });
});

describe('route()', () => {
  const probe = (access: 'public' | 'pro', path: `/api/${string}`) =>
    defineEndpoint({
      method: 'POST',
      path,
      tag: 'teste',
      access,
      summary: 'Rota de teste do registro por contrato',
      body: z.object({ n: z.number({ error: 'Informe um número.' }) }),
      responses: { 200: z.object({ doubled: z.number() }) },
      errors: [400],
    });

  const bare = () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The app's error handler answers in the one error shape; a bare instance needs one too.
    app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send({ error: { code: 'teste', message: error.message } }),
    );
    return app;
  };

  it('validates the body and serialises the answer with the contract', async () => {
    const app = bare();
    // A path the server lists as public (its access list decides who may call it).
    route(app, probe('public', '/api/contact'), {}, async (request) => ({ doubled: request.body.n * 2, extra: 'dropped' }) as { doubled: number });
    const ok = await app.inject({ method: 'POST', url: '/api/contact', payload: { n: 21 } });
    expect(ok.json()).toEqual({ doubled: 42 });
    const bad = await app.inject({ method: 'POST', url: '/api/contact', payload: { n: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'teste' } });
    await app.close();
  });

  it('refuses a contract whose access disagrees with the server access list', () => {
    expect(() => route(bare(), probe('public', '/api/settings'), {}, async () => ({ doubled: 0 }))).toThrow(/declara acesso 'public'/);
    expect(() => route(bare(), probe('pro', '/api/contact'), {}, async () => ({ doubled: 0 }))).toThrow(/declara acesso 'pro'/);
  });
});

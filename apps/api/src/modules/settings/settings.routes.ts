// The admin's overrides of environment settings (contact e-mail, TMDB key, language model). Admin only,
// like every route that is not listed public; secrets are write-only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SETTINGS, settingInputSchema, settingKeySchema, settingListSchema, settingSchema } from '@vitrine/domain/settings';
import type { Settings } from '../../shared/settings.ts';
import { invalidSetting, settingNotOverridden } from './settings.errors.ts';

const keyParams = z.object({ key: settingKeySchema });

export async function settingsRoutes(app: FastifyInstance, { settings }: { settings: Settings }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/settings',
    { schema: { tags: ['configurações'], summary: 'Configurações que o admin pode definir acima do ambiente (segredos mascarados)', response: { 200: settingListSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return settings.list();
    },
  );

  typed.put(
    '/api/settings/:key',
    {
      schema: {
        tags: ['configurações'],
        summary: 'Define uma configuração pelo painel (vale no lugar da variável de ambiente)',
        params: keyParams,
        body: settingInputSchema,
        response: { 200: settingSchema },
      },
    },
    async (request) => {
      const parsed = SETTINGS[request.params.key].schema.safeParse(request.body.value);
      if (!parsed.success) throw invalidSetting(parsed.error.issues[0]?.message ?? 'Valor inválido.');
      await settings.set(request.params.key, parsed.data);
      return (await settings.list()).find((setting) => setting.key === request.params.key)!;
    },
  );

  typed.delete(
    '/api/settings/:key',
    { schema: { tags: ['configurações'], summary: 'Volta a configuração ao valor do ambiente', params: keyParams } },
    async (request, reply) => {
      if (!(await settings.reset(request.params.key))) throw settingNotOverridden();
      return reply.status(204).send();
    },
  );
}

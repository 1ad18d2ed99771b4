// The admin's overrides of environment settings (contact e-mail, TMDB key, language model). Admin only,
// like every route that is not listed public; secrets are write-only.
import type { FastifyInstance } from 'fastify';
import { settingsContract } from '@vitrine/domain/settings.contract';
import { route } from '../../shared/route.ts';
import { SETTINGS } from '@vitrine/domain/settings';
import type { Settings } from '../../shared/settings.ts';
import { invalidSetting, settingNotOverridden } from './settings.errors.ts';

export async function settingsRoutes(app: FastifyInstance, { settings }: { settings: Settings }) {

  route(app, settingsContract.listSettings, {},
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return settings.list();
    },
  );

  route(app, settingsContract.setSetting, {},
    async (request) => {
      const parsed = SETTINGS[request.params.key].schema.safeParse(request.body.value);
      if (!parsed.success) throw invalidSetting(parsed.error.issues[0]?.message ?? 'Valor inválido.');
      await settings.set(request.params.key, parsed.data);
      return (await settings.list()).find((setting) => setting.key === request.params.key)!;
    },
  );

  route(app, settingsContract.resetSetting, {},
    async (request, reply) => {
      if (!(await settings.reset(request.params.key))) throw settingNotOverridden();
      return reply.status(204).send();
    },
  );
}

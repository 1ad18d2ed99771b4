// Settings the admin sets over the environment: list (secrets masked), set, and back to the environment.
import { z } from 'zod';
import { defineEndpoint } from './contracts.ts';
import { settingInputSchema, settingKeySchema, settingListSchema, settingSchema } from './settings.ts';

const tag = 'configurações';
const keyParams = z.object({ key: settingKeySchema });

export const settingsContract = {
  listSettings: defineEndpoint({
    method: 'GET',
    path: '/api/settings',
    tag,
    access: 'pro',
    summary: 'Configurações que o admin pode definir acima do ambiente (segredos mascarados)',
    responses: { 200: settingListSchema },
  }),
  setSetting: defineEndpoint({
    method: 'PUT',
    path: '/api/settings/:key',
    tag,
    access: 'pro',
    summary: 'Define uma configuração pelo painel (vale no lugar da variável de ambiente)',
    description:
      'O corpo diz de qual versão a edição partiu (expectedUpdatedAt: o updatedAt lido, ou null se não havia valor no painel). ' +
      'Se outra escrita veio antes, nada é gravado: 409 com a configuração atual em error.details.current; sem a versão, 428.',
    params: keyParams,
    body: settingInputSchema,
    responses: { 200: settingSchema },
    errors: [400, 409, 428],
  }),
  resetSetting: defineEndpoint({
    method: 'DELETE',
    path: '/api/settings/:key',
    tag,
    access: 'pro',
    summary: 'Volta a configuração ao valor do ambiente',
    params: keyParams,
    responses: { 204: null },
    errors: [404],
  }),
};

// Two-factor sign-in (better-auth's plugin behind our routes): enrolment, the second step of a
// sign-in with an authenticator code or a recovery code, new recovery codes, turning it off.
import { defineEndpoint } from './contracts.ts';
import {
  twoFactorCodeInputSchema,
  twoFactorDisableInputSchema,
  twoFactorDisableResultSchema,
  twoFactorEnableInputSchema,
  twoFactorEnableResultSchema,
  twoFactorRecoveryInputSchema,
  twoFactorRegenerateInputSchema,
  twoFactorRegenerateResultSchema,
  twoFactorVerifyResultSchema,
} from './two-factor.ts';

const tag = 'acesso';
const errors = [400, 401, 403, 409, 429] as const;

export const twoFactorContract = {
  enable: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    tag,
    access: 'public',
    summary: 'Começa a ativar a verificação em duas etapas (sessão e senha): devolve o URI TOTP e os códigos de recuperação, mostrados uma vez',
    description: 'Nada muda no login até um código do aplicativo ser confirmado em verify-totp.',
    body: twoFactorEnableInputSchema,
    responses: { 200: twoFactorEnableResultSchema },
    errors,
  }),
  verifyTotp: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/verify-totp',
    tag,
    access: 'public',
    summary: 'Confirma um código do aplicativo: conclui o login (segunda etapa) ou, com sessão, conclui a ativação',
    body: twoFactorCodeInputSchema,
    responses: { 200: twoFactorVerifyResultSchema },
    errors,
  }),
  verifyRecoveryCode: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/verify-backup-code',
    tag,
    access: 'public',
    summary: 'Conclui o login com um código de recuperação; cada código vale uma vez',
    body: twoFactorRecoveryInputSchema,
    responses: { 200: twoFactorVerifyResultSchema },
    errors,
  }),
  regenerateRecoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/generate-backup-codes',
    tag,
    access: 'public',
    summary: 'Gera novos códigos de recuperação (sessão e senha); os anteriores deixam de valer',
    body: twoFactorRegenerateInputSchema,
    responses: { 200: twoFactorRegenerateResultSchema },
    errors,
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    tag,
    access: 'public',
    summary: 'Desativa a verificação em duas etapas: pede a senha e um código atual (do aplicativo ou de recuperação)',
    body: twoFactorDisableInputSchema,
    responses: { 200: twoFactorDisableResultSchema },
    errors,
  }),
};

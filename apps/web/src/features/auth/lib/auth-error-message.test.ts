import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { AccessCheckError, authErrorMessage, UnexpectedAnswerError } from './auth-error-message';

describe('the message shown for each way signing in can fail', () => {
  it.each([
    ['an e-mail that is not PRO', new ApiError(403, 'auth.not_pro', 'x'), 'E-mail não autorizado para acesso PRO. Verifique com o administrador.'],
    ['the PRO lookup itself failing', new ApiError(503, 'access.pro_check_failed', 'x'), 'Erro ao validar e-mail PRO. Tente novamente.'],
    [
      'a server crash without our error body',
      new ApiError(502, 'http_502', 'Erro inesperado. Tente novamente.'),
      'Erro inesperado na validação. Tente novamente.',
    ],
    [
      'an internal error of the server',
      new ApiError(500, 'internal_error', 'Erro interno do servidor. Tente novamente.'),
      'Erro inesperado na validação. Tente novamente.',
    ],
    ['a success answer of the wrong shape', new UnexpectedAnswerError(), 'Erro inesperado na validação. Tente novamente.'],
    ['the access check after signing in', new AccessCheckError(new ApiError(503, 'unavailable', 'x')), 'Erro na verificação de acesso. Tente novamente.'],
    ['a wrong password', new ApiError(401, 'auth.invalid_credentials', 'x'), 'E-mail ou senha incorretos. Verifique suas credenciais.'],
    ['an unconfirmed sign-up', new ApiError(403, 'auth.email_not_confirmed', 'x'), 'Verifique sua caixa de entrada e confirme seu e-mail.'],
    ['an e-mail that already has an account', new ApiError(409, 'auth.user_exists', 'x'), 'Este e-mail já possui uma conta. Tente fazer login.'],
    ['no answer at all', new ApiError(0, 'network_error', 'x'), 'Erro de conexão. Verifique sua internet e tente novamente.'],
    ['an exception that is not an answer', new TypeError('boom'), 'Erro de conexão. Verifique sua internet e tente novamente.'],
    [
      'any other refusal',
      new ApiError(429, 'rate_limited', 'Muitas tentativas. Aguarde 30 segundos e tente novamente.'),
      'Muitas tentativas. Aguarde 30 segundos e tente novamente.',
    ],
  ])('%s', (_case, error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });
});

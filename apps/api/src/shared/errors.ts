// Errors carry a stable code, an HTTP status and a pt-BR message; one handler turns them into responses.
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(code, 404, message);
export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(code, 400, message, details);
export const conflict = (code: string, message: string) => new AppError(code, 409, message);
export const unauthorized = (message = 'Faça login para continuar.') => new AppError('auth.unauthenticated', 401, message);
export const forbidden = (message = 'Acesso restrito a usuários PRO ativos.') => new AppError('auth.forbidden', 403, message);
export const tooManyRequests = (message = 'Muitas tentativas. Aguarde um pouco e tente novamente.') =>
  new AppError('rate_limited', 429, message);

/** Messages for errors raised by Fastify itself or its plugins, by status. */
export const statusMessages: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Faça login para continuar.',
  403: 'Acesso negado.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido.',
  406: 'Formato não aceito.',
  408: 'A requisição demorou demais.',
  409: 'Conflito com o estado atual.',
  413: 'Conteúdo grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  422: 'Dados inválidos.',
  429: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  503: 'Serviço indisponível no momento. Tente novamente.',
};

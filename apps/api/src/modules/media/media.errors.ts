// Errors of the movie and series catalogue. Upstream failures never carry TMDB's URL, key or body.
import { AppError } from '../../shared/errors.ts';

export const titleNotFound = () => new AppError('media.not_found', 404, 'Título não disponível.');

export const localTitleNotFound = () => new AppError('media.local_title_not_found', 404, 'Título não encontrado no catálogo local.');

export const invalidLocalTitle = (problems: { field: string; message: string }[]) =>
  new AppError('validation_error', 400, `Dados inválidos — ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`, {
    fields: problems,
  });

/** TMDB is not configured (no key) but was asked for. */
export const providerNotConfigured = () => new AppError('media.provider_not_configured', 503, 'O catálogo da TMDB não está configurado: falta a chave de API.');

/** TMDB refused our credentials. */
export const providerRejected = () =>
  new AppError('media.provider_rejected', 502, 'O catálogo de filmes e séries recusou as credenciais da TMDB. Avise o administrador.');

/** TMDB answered with an error or a body we cannot read. */
export const providerError = () => new AppError('media.provider_error', 502, 'O catálogo de filmes e séries respondeu com erro. Tente novamente em instantes.');

/** TMDB did not answer in time, was unreachable, or kept us waiting for its rate limit. */
export const providerUnavailable = () =>
  new AppError('media.provider_unavailable', 503, 'Não foi possível falar com o catálogo de filmes e séries agora. Tente novamente em instantes.');

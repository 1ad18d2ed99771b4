// CSRF defence (ASVS 3.5): a state-changing request must come from our own site. The session cookie is
// SameSite=Lax, and this refuses the rest: a foreign Origin, or without Origin a cross-site fetch.
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const originRefused = () =>
  new AppError('security.origin_refused', 403, 'Requisição recusada: origem não permitida. Recarregue a página e tente novamente.');

export const originCheckPlugin = fp<{ publicUrl?: string }>(async (app, { publicUrl }) => {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === publicOrigin || origin === `${request.protocol}://${request.host}`) return;
      throw originRefused();
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw originRefused();
  });
});

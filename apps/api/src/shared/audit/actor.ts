// Who an admin write is audited as: the signed-in viewer of the request and the session it came from.
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { AdminActor } from './audit.ts';

export const adminActor = async (request: FastifyRequest): Promise<AdminActor> => {
  const viewer = await request.viewer();
  if (!viewer) throw unauthorized();
  return { userId: viewer.userId, email: viewer.email, sessionId: viewer.sessionId };
};

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openapiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Vitrine API', version: '1.0.0', description: 'API da vitrine e do painel administrativo.' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vitrine.session_token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});

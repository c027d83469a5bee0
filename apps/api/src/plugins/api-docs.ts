// The API's OpenAPI description, made from the routes' zod schemas, and its browsable page at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const apiDocs = fp(
  async (app: FastifyInstance) => {
    // registered before the routes: the description collects each route as it is added
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Mitrebox API',
          description: 'The trade web shop of a picture-framing supplier.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            // an ERP API key (mbx_…), made by an administrator in the back office
            erpKey: { type: 'http', scheme: 'bearer', bearerFormat: 'mbx_…' },
            // an account's point-of-sale API key (mbs_…), made by the account's owner in My Account
            shopKey: { type: 'http', scheme: 'bearer', bearerFormat: 'mbs_…' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'api-docs' },
);

import { ContactFormInfo, ContactRequest, ContactResponse, ErrorBody } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './contact.service.ts';

const tags = ['Contact Us'];

export const contactRoutes =
  (contact: ContactService, opts: { burstPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/contact-us',
      {
        schema: {
          tags,
          summary: 'The csrf value to send back and the captcha the form shows',
          response: { 200: ContactFormInfo },
        },
      },
      async (_request, reply) => reply.header('cache-control', 'no-store').send(await contact.formInfo()),
    );
    app.get(
      '/api/contact-us/captcha',
      { schema: { tags, summary: 'A new ALTCHA proof-of-work challenge' } },
      async (_request, reply) => reply.header('cache-control', 'no-store').send(await contact.challenge()),
    );
    app.post(
      '/api/contact-us',
      {
        // a burst guard in front of the per-address hourly limit the service keeps in the database
        config: { rateLimit: { max: opts.burstPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Send a message to customer service (captcha and csrf required)',
          body: ContactRequest,
          response: { 200: ContactResponse, 400: ErrorBody, 403: ErrorBody, 413: ErrorBody, 429: ErrorBody },
        },
      },
      (request) => contact.send(request.body, request.ip),
    );
  };

// The security headers of every answer (helmet): the content security policy with the hosts the shop really
// uses (reCAPTCHA when configured, the payment gateway's card fields), framing by the shop only.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { BRAINTREE_CSP } from '../platform/payments/index.ts';

export interface SecurityHeadersOptions {
  config: Pick<Config, 'RECAPTCHA_SITE_KEY' | 'RECAPTCHA_SECRET_KEY' | 'PAYMENT_GATEWAY'>;
  /**
   * The sandbox gateway's card fields: a listener and origin of their own (made with the payments module,
   * listening once the server does), which the shop page may frame; null when there are none.
   */
  sandboxFieldsOrigin: (shopOrigin: string) => string | null;
}

export const securityHeaders = fp(
  async (app: FastifyInstance, { config, sandboxFieldsOrigin }: SecurityHeadersOptions) => {
    const recaptchaSources =
      config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY
        ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
        : [];
    const fieldsOriginOf = (req: { headers: { host?: string } }) =>
      sandboxFieldsOrigin(`http://${req.headers.host ?? 'localhost'}`) ?? "'self'";
    // Braintree's hosted fields come from Braintree's hosts
    const braintree = config.PAYMENT_GATEWAY === 'braintree' ? BRAINTREE_CSP : null;
    // helmet's middleware made once (@fastify/helmet made a new one, its directives parsed again, on every
    // request: a measurable part of a listing's CPU; docs/decisions/018)
    const headers = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // reCAPTCHA (only when its keys are configured) loads Google's script and frame
          scriptSrc: ["'self'", ...recaptchaSources, ...(braintree?.scriptSrc ?? [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", ...(braintree?.connectSrc ?? [])],
          fontSrc: ["'self'", 'data:'],
          frameSrc: ["'self'", ...recaptchaSources, ...(braintree?.frameSrc ?? []), fieldsOriginOf],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) =>
      headers(request.raw, reply.raw, (err) => done(err as Error | undefined)),
    );
  },
  { name: 'security-headers' },
);

import { contract, MAIL_KIND_TEXT } from '@mitrebox/api-contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import { mailPreferencesOf, saveMailPreferences, turnMailOff } from '../accounts/mail-recipients.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import { escapeHtml } from '../auth/html-text.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

const { mailPreferences: api } = contract;

const UnsubscribeQuery = z.object({
  u: z.string().max(20).optional(),
  k: z.string().max(40).optional(),
  s: z.string().max(100).optional(),
});

/** A small page of the shop's own (the link is opened from a mail, without a sign-in). */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0 12px;background:#f5f7fa;font-family:Helvetica,Arial,sans-serif;color:#1f2933;">
<main style="max-width:520px;margin:48px auto;padding:24px;background:#fff;border:1px solid #e4e7eb;border-radius:6px;">
<h1 style="font-size:22px;margin:0 0 12px;">${escapeHtml(title)}</h1>
${body}
<p style="margin:20px 0 0;font-size:14px;"><a href="/Admin" style="color:#1c5d99;">Choose your e-mails in My Account</a></p>
</main></body></html>`);
}

const NOT_VALID =
  '<p style="font-size:16px;line-height:1.5;">This unsubscribe link is not valid. Open the link from the e-mail again, or choose your e-mails in My Account.</p>';

/**
 * My Account → E-mails (the signed-in user's own choices), and the unsubscribe link of every mail: opening it
 * shows a button (a mail scanner that follows links must not unsubscribe anyone); the button, or a mail client's
 * one-click unsubscribe (RFC 8058: POST with List-Unsubscribe=One-Click), turns that kind off.
 */
export const notificationsRoutes =
  (deps: { db: Db; links: UnsubscribeLinks }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, links } = deps;

    route(app, api.get, { preHandler: guards.requireUser }, async (request) => ({
      data: await mailPreferencesOf(db, authOf(request).user.id),
    }));

    route(app, api.save, { preHandler: guards.requireUser }, async (request) => ({
      data: await saveMailPreferences(db, authOf(request).user.id, request.body),
    }));

    // the one-click unsubscribe's body (List-Unsubscribe=One-Click): nothing in it is needed
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    const schema = {
      tags: ['My Account'],
      querystring: UnsubscribeQuery,
      produces: ['text/html'],
    };

    app.get(
      '/api/mail/unsubscribe',
      {
        schema: {
          ...schema,
          summary: "An e-mail's unsubscribe link: a page with the button that confirms it",
        },
      },
      async (request, reply) => {
        const found = await links.verify(request.query);
        if (!found) return page(reply, 403, 'Link not valid', NOT_VALID);
        const { label } = MAIL_KIND_TEXT[found.kind];
        const action = `/api/mail/unsubscribe?u=${found.userId}&k=${found.kind}&s=${encodeURIComponent(request.query.s ?? '')}`;
        return page(
          reply,
          200,
          `Unsubscribe from “${label}” e-mails`,
          `<p style="font-size:16px;line-height:1.5;">You will no longer receive “${escapeHtml(label)}” e-mails. Your other e-mails stay as they are.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:16px;padding:10px 18px;background:#1c5d99;color:#fff;border:0;border-radius:4px;cursor:pointer;">Unsubscribe</button></form>`,
        );
      },
    );

    app.post(
      '/api/mail/unsubscribe',
      {
        schema: {
          ...schema,
          summary: 'Turn off the kind of e-mail a signed unsubscribe link names (one-click)',
        },
      },
      async (request, reply) => {
        const found = await links.verify(request.query);
        if (!found || !(await turnMailOff(db, found.userId, found.kind)))
          return page(reply, 403, 'Link not valid', NOT_VALID);
        const { label } = MAIL_KIND_TEXT[found.kind];
        return page(
          reply,
          200,
          'You are unsubscribed',
          `<p style="font-size:16px;line-height:1.5;">You will no longer receive “${escapeHtml(label)}” e-mails. You can turn them on again in My Account.</p>`,
        );
      },
    );
  };

import { randomBytes } from 'node:crypto';
import type { ContactFormInfo, ContactRequest, ContactResponse } from '@mitrebox/api-contract';
import { formatPhone, contactMessages as texts, validateContactForm } from '@mitrebox/domain';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest, tooMany } from '../../platform/errors.ts';
import { headerText, type Mailer } from '../../platform/mail.ts';
import {
  type CaptchaVerifier,
  createAltchaVerifier,
  createCsrf,
  createRecaptchaVerifier,
} from './captcha.ts';
import { contactKeys, contactMessages } from './contact.tables.ts';

export type ContactService = ReturnType<typeof createContactService>;

/** The database's own signing key, made by the first process that needs it. */
async function databaseKey(db: Db): Promise<string> {
  await db
    .insert(contactKeys)
    .values({ id: 'contact', secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: contactKeys.secret })
    .from(contactKeys)
    .where(eq(contactKeys.id, 'contact'));
  return row.secret;
}

export function createContactService(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  captcha?: CaptchaVerifier;
}) {
  const { db, config, mailer } = deps;
  // the signing key: configured, or made once per database so that every process agrees
  let parts: Promise<{ captcha: CaptchaVerifier; csrf: ReturnType<typeof createCsrf> }> | undefined;
  const ready = () => {
    parts ??= (async () => {
      const hmacKey = config.CAPTCHA_HMAC_KEY ?? (await databaseKey(db));
      const captcha =
        deps.captcha ??
        (config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY
          ? createRecaptchaVerifier({
              db,
              siteKey: config.RECAPTCHA_SITE_KEY,
              secretKey: config.RECAPTCHA_SECRET_KEY,
            })
          : createAltchaVerifier({ db, hmacKey }));
      return { captcha, csrf: createCsrf(hmacKey) };
    })().catch((err) => {
      parts = undefined; // try again on the next request
      throw err;
    });
    return parts;
  };

  return {
    async formInfo(): Promise<ContactFormInfo> {
      const { csrf, captcha } = await ready();
      return { csrf: csrf.issue(), captcha: captcha.describe() };
    },

    async challenge(): Promise<unknown> {
      const { captcha } = await ready();
      if (!captcha.challenge) throw new AppError('not_found', 404, 'Not found');
      return captcha.challenge();
    },

    /**
     * Checks csrf, fields, the per-address limit and the captcha (in that order, so a form with a typo keeps
     * its solved captcha), then stores the message and mails it to customer service as plain text.
     */
    async send(body: ContactRequest, ip: string): Promise<ContactResponse> {
      const { csrf, captcha } = await ready();
      if (!csrf.check(body.csrf)) throw new AppError('csrf', 403, texts.csrfInvalid);
      const fields = {
        name: body.name,
        email: body.email,
        phoneNumber: body.phoneNumber ?? '',
        message: body.message,
      };
      const errors = validateContactForm(fields);
      const first = Object.values(errors)[0];
      if (first) throw badRequest(first, errors);
      if (!body.recap) throw badRequest(texts.checkCaptcha, { recap: texts.checkCaptcha });

      const [recent] = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(
          and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, sql`now() - interval '1 hour'`)),
        );
      if (Number(recent?.n ?? 0) >= config.CONTACT_MAX_PER_HOUR) throw tooMany(texts.tooMany);

      const verdict = await captcha.verify(body.recap, ip);
      if (!verdict.ok) throw badRequest(texts.checkCaptcha, { recap: verdict.reason });

      // a name is one line: it is shown in lists and goes into the mail's subject
      const name = headerText(fields.name);
      const email = fields.email.trim();
      const phone = fields.phoneNumber ? formatPhone(fields.phoneNumber) : null;
      const message = fields.message.trim();
      const [row] = await db
        .insert(contactMessages)
        .values({ name, email, phoneNumber: phone, message, ip })
        .returning({ id: contactMessages.id });
      try {
        await mailer.send({
          to: config.CUSTOMER_SERVICE_EMAIL,
          subject: `Contact Us: ${name.slice(0, 80)}`,
          text: [
            `A message from the Contact Us page (#${row.id}).`,
            '',
            `Name:  ${name}`,
            `Email: ${email}`,
            `Phone: ${phone ?? '-'}`,
            '',
            message,
          ].join('\n'),
        });
      } catch {
        // the message is stored and the outbox row says the delivery failed; the visitor is not asked to resend
        deps.log.warn({ contactId: row.id }, 'contact message stored but not mailed');
      }
      return { success: true, message: texts.thanks };
    },
  };
}

import { createHmac } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '@mitrebox/api-contract';
import type { Db } from '../../platform/db.ts';
import { safeEqual } from '../../platform/secrets.ts';
import { databaseSecret } from '../auth/database-keys.ts';

/**
 * The unsubscribe link of a mail: /api/mail/unsubscribe?u=<user id>&k=<kind>&s=<signature>, signed with the
 * database's 'mail-links' key (HMAC-SHA256), so it turns that one kind off for that one user without a sign-in,
 * and nobody can make one for another user or kind. It does not expire: an old mail's link still works.
 */
export function createUnsubscribeLinks(db: Db, publicUrl: string) {
  let key: Promise<Buffer> | undefined;
  const ready = () => {
    key ??= databaseSecret(db, 'mail-links').catch((err) => {
      key = undefined; // made on the next mail
      throw err;
    });
    return key;
  };
  const sign = async (userId: number, kind: MailKind) =>
    createHmac('sha256', await ready())
      .update(`unsubscribe\n${userId}\n${kind}`)
      .digest('base64url');

  return {
    async url(userId: number, kind: MailKind): Promise<string> {
      const s = await sign(userId, kind);
      return `${publicUrl}/api/mail/unsubscribe?u=${userId}&k=${kind}&s=${s}`;
    },

    /** The user and kind a link names, when its signature is ours; undefined for anything else. */
    async verify(q: {
      u?: string;
      k?: string;
      s?: string;
    }): Promise<{ userId: number; kind: MailKind } | undefined> {
      const userId = Number(q.u);
      const kind = MAIL_KINDS.find((k) => k === q.k);
      if (!Number.isSafeInteger(userId) || userId < 1 || !kind || !q.s) return undefined;
      return safeEqual(await sign(userId, kind), q.s) ? { userId, kind } : undefined;
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;

import type { SavedFrame, SessionUser } from '@mitrebox/api-contract';
import { encodeFrameData, frameMessages } from '@mitrebox/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { type FrameRenders, renderUrl } from './frame-renders.ts';
import { readFrameData } from './frames.design.ts';
import { touchImage } from './frames.images.ts';
import { savedFrames } from './frames.tables.ts';

const owner = (user: SessionUser) =>
  and(eq(savedFrames.userId, user.id), eq(savedFrames.acctnum, user.accounts[0].Acctnum));

/** The buyer's saved frames: listed, saved (checked and rendered first) and removed, by user and account. */
export function createSavedFramesService(deps: { db: Db; renders: FrameRenders }) {
  const { db, renders } = deps;

  return {
    async savedFrames(user: SessionUser, q: { perPage: number; id?: number; getFramedata?: boolean }) {
      const rows = await db
        .select()
        .from(savedFrames)
        .where(q.id ? and(owner(user), eq(savedFrames.id, q.id)) : owner(user))
        .orderBy(desc(savedFrames.fdate), desc(savedFrames.id))
        .limit(q.perPage);
      if (q.id && rows.length === 0) throw notFound('No saved frame with this id.');
      const data: SavedFrame[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        fdate: r.fdate.toISOString(),
        outFile: r.renderHash ? renderUrl(r.renderHash) : null,
        ...(q.id || q.getFramedata ? { framedata: r.framedata } : {}),
      }));
      return { data };
    },

    /** Save overwrites the loaded design (id), Save As creates one; the design is checked and rendered first. */
    async save(user: SessionUser, body: { framedata: string; name: string; id?: number | null }) {
      const name = body.name.trim();
      if (!name) throw unprocessable(frameMessages.nameRequired, { name: frameMessages.nameRequired });
      const design = readFrameData(body.framedata);
      const { hash } = await renders.build(design, 800);
      const uploaded = (file: string | null | undefined) => (file?.startsWith('img_') ? file : null);
      const imageId = uploaded(design.file);
      // a second picture counts only with two openings (one opening never draws or loads it)
      const image2Id = design.matOpening === 'double' ? uploaded(design.file2) : null;
      // the pictures are kept from now on (their grace period starts again); one already purged is refused
      for (const [field, id] of [
        ['file', imageId],
        ['file2', image2Id],
      ] as const) {
        if (id && !(await touchImage(db, id))) {
          renders.forgetPicture(id);
          throw unprocessable(frameMessages.imageGone, { [field]: frameMessages.imageGone });
        }
      }
      const values = {
        name,
        framedata: encodeFrameData(design),
        imageId,
        image2Id,
        renderHash: hash,
        fdate: new Date(),
      };
      if (body.id) {
        const [row] = await db
          .update(savedFrames)
          .set(values)
          .where(and(owner(user), eq(savedFrames.id, body.id)))
          .returning({ id: savedFrames.id });
        if (!row) throw notFound('No saved frame with this id.');
        return { framedataid: row.id };
      }
      const [row] = await db
        .insert(savedFrames)
        .values({ ...values, userId: user.id, acctnum: user.accounts[0].Acctnum })
        .returning({ id: savedFrames.id });
      return { framedataid: row.id };
    },

    async remove(user: SessionUser, id: number) {
      const rows = await db
        .delete(savedFrames)
        .where(and(owner(user), eq(savedFrames.id, id)))
        .returning({ id: savedFrames.id });
      if (rows.length === 0) throw notFound('No saved frame with this id.');
      return { success: true };
    },
  };
}

import type { CartItem, SampleStatus, SessionUser } from '@mitrebox/api-contract';
import {
  type CornerSampleSettings,
  checkSampleLimit,
  type SampleCount,
  sampleLimitMessage,
  samplePriceLabel,
  samplesLeft,
} from '@mitrebox/domain';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { unprocessable } from '../../platform/errors.ts';
import { cornerSampleSettings } from '../catalogue/staff-settings.service.ts';
import { isSampleLine, type SamplesOrdered } from './sample-line.ts';

export type SampleLimit = ReturnType<typeof createSampleLimit>;

/**
 * The monthly limit of corner samples per account: samples ordered this calendar month (business time zone)
 * plus those in the cart never pass the back office's limit. Checked when samples go into the cart and again
 * when the order is placed.
 */
export function createSampleLimit(deps: { db: Db; config: Config; samplesOrdered: SamplesOrdered }) {
  const { db, config, samplesOrdered } = deps;
  const timeZone = config.BUSINESS_TZ;

  async function standing(
    user: SessionUser,
    inCart: number,
    q: Queryable = db,
    now = new Date(),
  ): Promise<{ settings: CornerSampleSettings; count: SampleCount }> {
    const [settings, ordered] = await Promise.all([
      cornerSampleSettings(q),
      samplesOrdered(user.accounts[0].Acctnum, now, q),
    ]);
    return { settings, count: { ordered, inCart } };
  }

  return {
    standing,

    async status(user: SessionUser, inCart: number, now = new Date()): Promise<SampleStatus> {
      const { settings, count } = await standing(user, inCart, db, now);
      const left = samplesLeft(settings, count);
      return {
        price: settings.price,
        priceLabel: samplePriceLabel(settings),
        monthlyLimit: settings.monthlyLimit,
        ordered: count.ordered,
        inCart,
        left,
        message: left > 0 ? null : sampleLimitMessage(settings, count, now, timeZone),
      };
    },

    /** Refuses (422, with the plain message) a cart whose samples pass the account's monthly limit. */
    async assertWithinLimit(user: SessionUser, items: CartItem[], q: Queryable = db, now = new Date()) {
      const inCart = items.filter(isSampleLine).length;
      if (inCart === 0) return;
      const { settings, count } = await standing(user, inCart, q, now);
      const message = checkSampleLimit(settings, count, now, timeZone);
      if (message) throw unprocessable(message);
    },
  };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValue } from '../../platform/page-session.ts';

/**
 * The sign-in device cookie (docs/decisions/008): a browser that gave an account's right password keeps, for a
 * year, an allowance of failed sign-ins of its own there, apart from the account-wide count strangers run up.
 *
 * `mb_device_{userId}` = `{deviceId}.{HMAC-SHA256 of user id and device id}`. HttpOnly (no script reads it),
 * SameSite=Lax, Secure over https, and sent only to the sign-in routes (Path=/api/login): it opens nothing, it
 * only names the browser to the failure counters.
 */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[\w-]{22}$/;

export const deviceCookieName = (userId: number) => `mb_device_${userId}`;

export const newDeviceId = () => randomBytes(16).toString('base64url');

const signature = (key: Buffer, userId: number, deviceId: string) =>
  createHmac('sha256', key).update(`${userId}.${deviceId}`).digest('base64url');

/** The device id of the user's cookie in a Cookie header when its signature is right; undefined otherwise. */
export function recognisedDevice(key: Buffer, cookieHeader: string | undefined, userId: number) {
  const [deviceId, signed, ...rest] = cookieValue(cookieHeader, deviceCookieName(userId))?.split('.') ?? [];
  if (!deviceId || !signed || rest.length > 0 || !DEVICE_ID.test(deviceId)) return undefined;
  const expected = Buffer.from(signature(key, userId, deviceId));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
}

/** The Set-Cookie value that gives the browser its device cookie for the user (or renews it, same id). */
export function deviceCookie(key: Buffer, userId: number, deviceId: string, secure: boolean): string {
  const value = `${deviceId}.${signature(key, userId, deviceId)}`;
  return `${deviceCookieName(userId)}=${value}; Path=/api/login; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`;
}

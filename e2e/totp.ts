import { generateSync } from 'otplib';

/** The code an authenticator app shows for this secret now (the same otplib the API checks codes with). */
export function totp(secret: string, now = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(now / 1000) });
}

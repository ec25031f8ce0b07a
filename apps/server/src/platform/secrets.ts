import { createHash, randomBytes, randomInt } from 'node:crypto';
import argon2 from 'argon2';

/** A random, URL-safe token for a cookie or an e-mailed link (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak cannot be replayed as a session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): about 30 ms here, so a login
 * stays quick on a 2-core server while offline guessing stays expensive.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// No 0/O or 1/I: people read these ids aloud and type them from a phone.
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 9-character referral id; uniqueness is enforced by the database index. */
export function newReferralId(): string {
  let id = '';
  for (let i = 0; i < 9; i += 1) id += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return id;
}

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

// Letters and digits that cannot be mistaken for one another when read from a mail or typed on a
// phone: no 0/O/o, 1/I/l.
const PASSWORD_UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const PASSWORD_LOWER = 'abcdefghijkmnpqrstuvwxyz';
const PASSWORD_DIGITS = '23456789';
const PASSWORD_ALPHABET = PASSWORD_UPPER + PASSWORD_LOWER + PASSWORD_DIGITS;
const TEMPORARY_PASSWORD_LENGTH = 12;

/**
 * A temporary password for an account someone else creates (a new staff member): 12 readable
 * characters (about 69 bits) with at least one upper-case letter, one lower-case letter and one
 * digit, so it passes any password rule (PASSWORD_MIN_LENGTH and up). The holder changes it from
 * the profile menu.
 */
export function newTemporaryPassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < TEMPORARY_PASSWORD_LENGTH; i += 1) {
      password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    }
    const hasAll = [PASSWORD_UPPER, PASSWORD_LOWER, PASSWORD_DIGITS].every((set) =>
      [...password].some((c) => set.includes(c)),
    );
    if (hasAll) return password;
  }
}

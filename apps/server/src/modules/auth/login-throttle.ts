import type { Database } from '../../db/client';
import { hashPassword, verifyPassword } from '../../platform/secrets';
import * as counters from '../../platform/throttle';

// Checked when the address is unknown, so the answer takes as long as for a known one.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
};

/** How one password check ended (`LoginThrottle.checkPassword`), with the account it found. */
export type PasswordCheck<A> =
  | { outcome: 'throttled' }
  | { outcome: 'wrong'; account: A | undefined }
  | { outcome: 'right'; account: A };

/**
 * Login throttle (ADR 001), each count over 15 minutes. Refused (429): a 6th attempt on one
 * address from one IP, and any attempt from an IP with 100 wrong passwords. Slowed, never
 * refused: attempts on an address tried more than 20 times from anywhere (a "hot" account), so
 * a guesser who knows an address cannot lock its owner out. A college behind one NAT stays well
 * under the IP limit.
 */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const MAX_ATTEMPTS_PER_EMAIL_AND_IP = 5;
const SLOW_DOWN_AFTER_ATTEMPTS_PER_EMAIL = 20;
const MAX_FAILURES_PER_IP = 100;

/**
 * How attempts on a hot account are slowed: the first attempt over the limit waits `baseMs`,
 * each further one twice as long, up to `maxMs` (ADR 001).
 */
export type LoginSlowdown = {
  baseMs: number;
  maxMs: number;
  /** Waits; replaced in tests so they can see the delay without spending it. */
  sleep: (ms: number) => Promise<void>;
};

export const DEFAULT_LOGIN_SLOWDOWN: LoginSlowdown = {
  baseMs: 1000,
  maxMs: 8000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** What the counters say about one attempt, taken before its password is checked. */
export type Admission =
  | { refused: true }
  | {
      refused: false;
      /** Wait before checking the password: an IP that has already failed on a hot account. */
      beforeCheckMs: number;
      /** Wait before answering a wrong password: an IP new to a hot account. */
      ifWrongMs: number;
    };

/** The attempt counters of sign-in, kept in `login_throttle` so every app server shares them. */
export class LoginThrottle {
  private readonly slowdown: LoginSlowdown;

  constructor(
    private readonly db: Database,
    slowdown: Partial<LoginSlowdown> = {},
  ) {
    this.slowdown = { ...DEFAULT_LOGIN_SLOWDOWN, ...slowdown };
  }

  /**
   * Counts the attempt and says whether it may go ahead and how long it waits. Counted before
   * the password is checked: parallel guesses each see a higher count (and a longer wait).
   *
   * Every counter is taken with one atomic increment (`bumpThrottle`) and the decision is made on
   * the count that increment returned, never on a count read earlier: 50 attempts at once get
   * 50 distinct counts, so no more of them pass than the limit allows. The IP's count of wrong
   * passwords is therefore counted up front too (an attempt in flight counts as a failure) and
   * taken back when the password turns out right or the attempt is refused.
   *
   * On a hot account an IP that has already failed on it waits before its password is even
   * checked, so the answer's timing tells it nothing early. An IP that has not failed on it is
   * answered at once when the password is right (the owner gets in however hot the account), and
   * only after the wait when it is wrong.
   */
  async admit(email: string, ip: string): Promise<Admission> {
    const [ipFailures, perAddress, perAddressAndIp] = await Promise.all([
      counters.bumpThrottle(this.db, ipKey(ip), LOGIN_THROTTLE_WINDOW_MS),
      counters.bumpThrottle(this.db, emailKey(email), LOGIN_THROTTLE_WINDOW_MS),
      counters.bumpThrottle(this.db, emailIpKey(email, ip), LOGIN_THROTTLE_WINDOW_MS),
    ]);
    if (ipFailures > MAX_FAILURES_PER_IP || perAddressAndIp > MAX_ATTEMPTS_PER_EMAIL_AND_IP) {
      // A refused attempt checks no password, so it is no wrong password of this IP.
      await counters.unbumpThrottle(this.db, ipKey(ip), LOGIN_THROTTLE_WINDOW_MS);
      return { refused: true };
    }
    const delayMs = this.delayFor(perAddress);
    const failedHereBefore = perAddressAndIp > 1;
    return {
      refused: false,
      beforeCheckMs: failedHereBefore ? delayMs : 0,
      ifWrongMs: failedHereBefore ? 0 : delayMs,
    };
  }

  /**
   * One password check, counted, slowed and answered exactly as sign-in's: sign-in, a password
   * asked again before a signature, and staff credentials typed on a resident's phone all use it,
   * on the same counters, so tries on any of them add up. `findAccount` loads the account (after
   * any wait owed, before the check); none means an unknown address, checked against a dummy
   * hash all the same. The caller audits and answers each outcome in its own words.
   */
  async checkPassword<A extends { passwordHash: string }>(
    email: string,
    ip: string,
    password: string,
    findAccount: () => Promise<A | undefined>,
  ): Promise<PasswordCheck<A>> {
    const admission = await this.admit(email, ip);
    if (admission.refused) return { outcome: 'throttled' };
    await this.wait(admission.beforeCheckMs);
    const account = await findAccount();
    const isRight = await verifyPassword(account?.passwordHash ?? (await dummy()), password);
    if (!account || !isRight) {
      // A wrong password (or an unknown address) stays counted against the IP: `admit` counted it.
      await this.wait(admission.ifWrongMs);
      return { outcome: 'wrong', account };
    }
    await this.countRightPassword(email, ip);
    return { outcome: 'right', account };
  }

  /** Waits `ms` (nothing for 0). Holds no query or transaction: it is a timer between queries. */
  async wait(ms: number): Promise<void> {
    if (ms > 0) await this.slowdown.sleep(ms);
  }

  /**
   * The right password is not a guess, even if the account is then refused (wrong tab, not yet
   * verified): this IP's count on the address ends, and this attempt leaves the address's count
   * and the IP's count of wrong passwords. The rest of the address's count stays, so the owner
   * signing in does not wipe a guesser's slate.
   */
  async countRightPassword(email: string, ip: string): Promise<void> {
    await Promise.all([
      counters.clearThrottle(this.db, [emailIpKey(email, ip)]),
      counters.unbumpThrottle(this.db, emailKey(email), LOGIN_THROTTLE_WINDOW_MS),
      counters.unbumpThrottle(this.db, ipKey(ip), LOGIN_THROTTLE_WINDOW_MS),
    ]);
  }

  /**
   * A new password set from a reset link: the mailbox's owner has proved who they are, and
   * expects to sign in with it at once, as any site lets them. So every count on the address
   * (from every IP) ends. An IP's count of wrong passwords stays: it is about the machine, not
   * the account, and a guesser's machine stays refused.
   */
  async forgetAddress(email: string): Promise<void> {
    await counters.clearThrottle(this.db, [emailKey(email)]);
    await counters.clearThrottlePrefix(this.db, emailIpKey(email, ''));
  }

  /** The wait of an attempt on an address counted `perAddress` times in the window; 0 up to the limit. */
  private delayFor(perAddress: number): number {
    const over = perAddress - SLOW_DOWN_AFTER_ATTEMPTS_PER_EMAIL;
    if (over <= 0) return 0;
    const { baseMs, maxMs } = this.slowdown;
    // Capped exponent: past the cap the delay stays maxMs, and 2 ** over never overflows.
    return Math.min(maxMs, baseMs * 2 ** Math.min(over - 1, 30));
  }
}

const ipKey = (ip: string) => `ip:${ip}`;
const emailKey = (email: string) => `email:${email}`;
const emailIpKey = (email: string, ip: string) => `email-ip:${email}|${ip}`;

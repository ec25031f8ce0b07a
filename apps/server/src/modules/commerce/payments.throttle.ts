import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { TooManyRequests } from '../../platform/retry-after';
import * as counters from '../../platform/throttle';

export const COUPON_THROTTLE_MESSAGE = PAYMENT_MESSAGES.tooManyCouponAttempts;
export const PAYMENT_THROTTLE_MESSAGE = PAYMENT_MESSAGES.tooManyOrders;

/**
 * Coupon codes are bearer discounts, so guessing them is throttled: failed look-ups (unknown or
 * used up, on Apply or on the order itself) count, per student and per client address. Every
 * student of a college may share one address (NAT), so the address's ceiling is far higher; a
 * student rarely mistypes a code, so it still stops one person guessing with many accounts.
 */
export const COUPON_WINDOW_MS = 15 * 60 * 1000;
export const MAX_COUPON_FAILURES_PER_USER = 10;
const MAX_COUPON_FAILURES_PER_IP = 100;

/**
 * Each order makes an order at the gateway: at most 20 per student an hour, and a ceiling per
 * address well above what a college paying together reaches.
 */
export const ORDER_WINDOW_MS = 60 * 60 * 1000;
export const MAX_ORDERS_PER_USER = 20;
const MAX_ORDERS_PER_IP = 300;

export type Who = { userId: string; ip: string };

const couponKeys = (who: Who) => [`coupon:user:${who.userId}`, `coupon:ip:${who.ip}`] as const;
const orderKeys = (who: Who) => [`payment-order:user:${who.userId}`, `payment-order:ip:${who.ip}`] as const;

/** A coupon look-up's own refusal (404 invalid, 409 used): a miss that counts as a guess. */
const isCouponMiss = (err: unknown) =>
  err instanceof AppError && (err.code === 'not_found' || err.code === 'conflict');

/**
 * Runs a coupon look-up under the throttle. The attempt is counted before the look-up, so
 * parallel guesses each see a higher count; over the limit even a good code is refused until the
 * window ends (otherwise the 429 itself would tell a guesser which code is real). A look-up that
 * finds a usable coupon, or fails for another reason, is taken back: only misses count.
 */
export async function throttledCouponLookup<T>(db: Executor, who: Who, lookup: () => Promise<T>): Promise<T> {
  const [userKey, ipKey] = couponKeys(who);
  const [perUser, perIp] = await Promise.all([
    counters.countAttempt(db, userKey, COUPON_WINDOW_MS),
    counters.countAttempt(db, ipKey, COUPON_WINDOW_MS),
  ]);
  refuseOver(COUPON_THROTTLE_MESSAGE, [
    [perUser, MAX_COUPON_FAILURES_PER_USER],
    [perIp, MAX_COUPON_FAILURES_PER_IP],
  ]);
  const takeBack = () =>
    Promise.all([
      counters.unbumpThrottle(db, userKey, COUPON_WINDOW_MS),
      counters.unbumpThrottle(db, ipKey, COUPON_WINDOW_MS),
    ]);
  let found: T;
  try {
    found = await lookup();
  } catch (err) {
    if (!isCouponMiss(err)) await takeBack();
    throw err;
  }
  await takeBack();
  return found;
}

/** Counts one order about to be made at the gateway; over the limit it is refused (429). */
export async function admitOrder(db: Executor, who: Who): Promise<void> {
  const [userKey, ipKey] = orderKeys(who);
  const [perUser, perIp] = await Promise.all([
    counters.countAttempt(db, userKey, ORDER_WINDOW_MS),
    counters.countAttempt(db, ipKey, ORDER_WINDOW_MS),
  ]);
  refuseOver(PAYMENT_THROTTLE_MESSAGE, [
    [perUser, MAX_ORDERS_PER_USER],
    [perIp, MAX_ORDERS_PER_IP],
  ]);
}

/**
 * Refuses (429) when any count is over its limit, asking the caller to wait until the last of
 * those windows ends: until then a retry would be refused again.
 */
function refuseOver(message: string, counts: Array<[counters.AttemptCount, number]>): void {
  const over = counts.filter(([count, limit]) => count.attempts > limit);
  if (over.length === 0) return;
  throw new TooManyRequests(message, Math.max(...over.map(([count]) => count.retryAfterSeconds)));
}

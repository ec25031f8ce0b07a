import type { LoginKind } from '@pgel/shared/auth/policies';
import { LOGIN_MESSAGES, LoginSchema } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { needsProfileAttention } from '@pgel/shared/schemas/profile';
import type { QueryClient } from '@tanstack/react-query';
import { showMessage } from '../../../components/dialogs';
import { takePageAfterSignIn } from '../../../lib/after-sign-in';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { type RouteNoticeState, routeNotice } from '../../../lib/route-notice';
import { signIn } from '../api/login';

/** The package page (features/commerce; lib/paths.ts does not list it). */
const CART_PATH = '/cart';
/** A login message that asks for payment ('… Please complete your payment …'). */
const PAYMENT_PENDING = /payment/i;

export type LoginValues = { email: string; password: string; remember: boolean };

/** Where the visitor goes after signing in, and the router state to take along. */
export type LoginLanding = { to: string; state?: RouteNoticeState };

/**
 * What pressing Login does. The login page loads this module when the visitor starts using the
 * form, not with the page: with the shared schemas (zod) and the API client it is most of what
 * a first visit would otherwise download before the page can show.
 *
 * Checks the values with the shared schema (the spec's validation dialog, its first message),
 * signs in on the tab's own endpoint ('Login Failed' with the server's message on refusal) and
 * answers where to go: the page a mail's link asked for (else the dashboard), the cart for a student who must pay first (with the
 * server's message, which the cart shows as a notice), or the profile for a student who must
 * complete it first.
 * Null when the visitor stays on the page.
 */
export async function submitLogin(
  queryClient: QueryClient,
  kind: LoginKind,
  values: LoginValues,
): Promise<LoginLanding | null> {
  const parsed = LoginSchema.safeParse(values);
  if (!parsed.success) {
    void showMessage({
      title: VALIDATION_TITLE,
      message: parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.allDetails,
      tone: 'error',
    });
    return null;
  }
  try {
    const { message, user } = await signIn(queryClient, kind, parsed.data);
    // The page a mail's link asked for before sign-in (issue 30); taken once, whatever comes next.
    const asked = takePageAfterSignIn();
    // A student who has not paid is told so at sign-in and buys a package first (spec 01 section 2.4).
    if (kind === 'student' && PAYMENT_PENDING.test(message)) {
      return { to: CART_PATH, state: routeNotice(message) };
    }
    // A student not yet verified by the HOD, or without a joining date, completes the profile first.
    return { to: needsProfileAttention(user) ? paths.profile : (asked ?? paths.dashboard) };
  } catch (error) {
    void showMessage({ title: LOGIN_MESSAGES.failedTitle, message: errorMessage(error), tone: 'error' });
    return null;
  }
}

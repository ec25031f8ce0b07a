import type { SessionUser } from '@pgel/shared/schemas/session-user';
import type { ReactElement } from 'react';
import { storeUser } from '../../../../lib/session';
import { sessionUser } from '../../../../test/session-user';
import { type FakeRoute, fakeApi, withModals } from '../../../records/components/test-support';

/** Test helpers of Master's commerce screens (only the tests import this file). */

export const master = sessionUser({ role: 'master', college: null, department: null });

/** A page of a list as the server answers it. */
export function page<T>(items: T[], total = items.length): FakeRoute {
  return { status: 200, body: { items, total, page: 1, pageSize: 10 } };
}

/** Signs `who` in, fakes the API with `routes` and renders `element`; returns the calls sent. */
export function renderAs(
  who: SessionUser,
  element: ReactElement,
  routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>,
  initialUrl = '/',
) {
  storeUser(who);
  const sent = fakeApi({ 'GET /auth/me': { status: 200, body: { user: who } }, ...routes });
  const rendered = withModals(element, { initialUrl });
  return { sent, ...rendered };
}

/**
 * A message one page hands to the next in the router's state, shown there as a notice: the
 * server's sign-in message for a student who must pay first, shown on /cart (spec 01 section
 * 2.4). The state survives a reload in the browser's history and can hold anything, so the
 * reader accepts only a non-empty string and a page reached without one shows no notice.
 */
export type RouteNoticeState = { notice: string };

export function routeNotice(notice: string): RouteNoticeState {
  return { notice };
}

export function readRouteNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state;
  return typeof notice === 'string' && notice.trim() !== '' ? notice : null;
}

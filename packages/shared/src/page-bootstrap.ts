import type { SessionUser } from './schemas/session-user';
import type { PublicSettings } from './schemas/settings';

/**
 * What the server sends inside a page (issue 29), so its first draw need not wait for a round
 * trip: the answers of `GET /auth/me` (when the request carries a live session) and of
 * `GET /settings/public`, as JSON in `<script type="application/json" id="pgel-bootstrap">`.
 * The page checks both with their schemas before it uses them, and uses each once.
 */
export const PAGE_BOOTSTRAP_ELEMENT_ID = 'pgel-bootstrap';

export type PageBootstrap = {
  user?: SessionUser;
  publicSettings?: PublicSettings;
};

import type { Database } from '../db/client';

/** What a service that queues mail or messaging-app messages in its transactions needs. */
export type QueueingDeps = {
  db: Database;
  /** The web app's address, for links in mail. */
  appUrl: string;
  /** Called after a commit that queued mail or messages, to send them soon. */
  onQueued: () => void;
};

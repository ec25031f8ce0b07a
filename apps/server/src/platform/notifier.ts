import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { messageOutbox } from '../db/schema/index';
import { DrainLoop } from './drain-loop';

/** A messaging-app notification: the recipient's phone as typed, and the text. */
export type OutgoingMessage = { toPhone: string; text: string };

/** Sends one text message to an international number (digits only, no '+'). Throws on failure. */
export type Messenger = {
  send(message: { to: string; body: string }): Promise<void>;
};

const MAX_ATTEMPTS = 8;
const BATCH = 20;
const LEASE_MS = 5 * 60 * 1000;
const POLL_MS = 2000;
const SEND_TIMEOUT_MS = 10_000;

/**
 * The number WhatsApp expects: digits only, country code first. A 10-digit Indian mobile number
 * (optionally written with a leading 0) becomes '91' + number; a number that already carries a
 * country code is kept. Undefined when there is nothing usable.
 */
export function toWhatsAppNumber(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^00/, '');
  if (/^0?\d{10}$/.test(digits)) return `91${digits.slice(-10)}`;
  if (digits.length >= 11 && digits.length <= 15) return digits;
  return undefined;
}

/**
 * Queues a messaging-app notification. Call it with the transaction of the change it tells
 * about, so a rollback drops it too. Returns false (and queues nothing) for a missing or
 * unusable phone number: the e-mail and the in-app notification still go out.
 */
export async function queueMessage(tx: Executor, message: OutgoingMessage): Promise<boolean> {
  const to = toWhatsAppNumber(message.toPhone);
  if (!to) return false;
  await tx.insert(messageOutbox).values({ toPhone: to, text: message.text });
  return true;
}

/** The WhatsApp Cloud API's text message, POSTed with the bearer token. */
export class WhatsAppCloudMessenger implements Messenger {
  constructor(private readonly settings: { apiUrl: string; token: string }) {}

  async send(message: { to: string; body: string }): Promise<void> {
    const response = await fetch(this.settings.apiUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.settings.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: message.to,
        type: 'text',
        text: { body: message.body },
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new Error(`WhatsApp API answered ${response.status}: ${detail}`);
    }
  }
}

/**
 * Sends what `message_outbox` holds, like the mail OutboxWorker: rows are leased in one short
 * statement (no transaction open while the API talks; SKIP LOCKED across servers), retried with
 * back-off, and given up after MAX_ATTEMPTS. Without a messenger each message is written to the
 * log and kept with status `logged`.
 */
export class MessageOutboxWorker extends DrainLoop {
  constructor(
    private readonly db: Database,
    log: FastifyBaseLogger,
    private readonly messenger: Messenger | null,
  ) {
    super(log, 'message outbox', POLL_MS);
  }

  protected async drainOnce(): Promise<void> {
    for (;;) {
      const due = await this.claimDue();
      for (const message of due) await this.deliver(message);
      if (due.length < BATCH) return;
    }
  }

  private async claimDue() {
    const due = this.db
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.status, 'pending'), lte(messageOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(messageOutbox.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(messageOutbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})` })
      .where(inArray(messageOutbox.id, due))
      .returning();
  }

  private async deliver(message: typeof messageOutbox.$inferSelect): Promise<void> {
    if (!this.messenger) {
      // The text, so a developer can follow it; not the number, which is personal data (the
      // row in message_outbox has it).
      this.log.info(
        { messageId: message.id, text: message.text },
        'message (no WHATSAPP_API_URL set, kept in outbox)',
      );
      await this.db
        .update(messageOutbox)
        .set({ status: 'logged', sentAt: new Date() })
        .where(eq(messageOutbox.id, message.id));
      return;
    }
    try {
      await this.messenger.send({ to: message.toPhone, body: message.text });
      await this.db
        .update(messageOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: message.attempts + 1 })
        .where(eq(messageOutbox.id, message.id));
    } catch (err) {
      const attempts = message.attempts + 1;
      const delayMs = Math.min(60 * 60 * 1000, 2 ** attempts * 5000);
      this.log.warn({ err, messageId: message.id, attempts }, 'message send failed');
      await this.db
        .update(messageOutbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          lastError: String(err instanceof Error ? err.message : err),
          nextAttemptAt: new Date(Date.now() + delayMs),
        })
        .where(eq(messageOutbox.id, message.id));
    }
  }
}

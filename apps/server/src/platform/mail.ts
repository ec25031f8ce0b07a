import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { DrainLoop } from './drain-loop';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

const MAX_ATTEMPTS = 8;
const BATCH = 20;
const LEASE_MS = 5 * 60 * 1000;
const POLL_MS = 2000;

/**
 * Queues a mail in the outbox. Call it with the transaction of the change that causes the mail:
 * a rollback then drops the mail too, and a crash after commit cannot lose it (DESIGN.md 7).
 */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  });
}

/**
 * Sends what the outbox holds. With `SMTP_URL` it sends through nodemailer and retries with
 * back-off; without it each mail is written to the log (so a local user can follow a link) and
 * kept in the table with status `logged`.
 */
export class OutboxWorker extends DrainLoop {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    log: FastifyBaseLogger,
    options: { smtpUrl: string | undefined; from: string },
  ) {
    super(log, 'outbox', POLL_MS);
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : null;
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.transport?.close();
  }

  protected async drainOnce(): Promise<void> {
    for (;;) {
      const due = await this.claimDue();
      for (const mail of due) await this.deliver(mail);
      if (due.length < BATCH) return;
    }
  }

  /**
   * Leases due mail by moving its next attempt LEASE_MS ahead, in one short statement, so no
   * transaction stays open while SMTP talks (PGlite has one connection) and several servers never
   * take the same row (SKIP LOCKED). A server that dies mid-send leaves the lease to run out, and
   * the mail is tried again.
   */
  private async claimDue() {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async deliver(mail: typeof mailOutbox.$inferSelect): Promise<void> {
    const tx = this.db;
    if (!this.transport) {
      this.log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail (no SMTP_URL set, kept in outbox)',
      );
      await tx
        .update(mailOutbox)
        .set({ status: 'logged', sentAt: new Date() })
        .where(eq(mailOutbox.id, mail.id));
      return;
    }
    try {
      await this.transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await tx
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1 })
        .where(eq(mailOutbox.id, mail.id));
    } catch (err) {
      const attempts = mail.attempts + 1;
      const delayMs = Math.min(60 * 60 * 1000, 2 ** attempts * 5000);
      this.log.warn({ err, to: mail.to, attempts }, 'mail send failed');
      await tx
        .update(mailOutbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          lastError: String(err instanceof Error ? err.message : err),
          nextAttemptAt: new Date(Date.now() + delayMs),
        })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
}

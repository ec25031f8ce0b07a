import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { DrainLoop } from './drain-loop';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Mail a person is waiting for right now (a verification link, a password reset, new account
   * credentials): sent on a lane of its own, never behind a backlog of notification mail. Set by
   * the mail builders, so services need not think about it.
   */
  transactional?: boolean;
};

type OutboxRow = typeof mailOutbox.$inferSelect;

const MAX_ATTEMPTS = 8;
const BATCH = 20;
const LEASE_MS = 5 * 60 * 1000;
// The local kick sends a new mail at once; polling is for mail another app server queued.
// Transactional mail is polled more often because someone is waiting for it, and its claim is
// an index lookup that finds nothing most of the time.
const TRANSACTIONAL_POLL_MS = 1000;
const BULK_POLL_MS = 2000;

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
    transactional: message.transactional === true,
  });
}

/**
 * Sends what the outbox holds, on two lanes that run side by side: transactional mail
 * (verification, password reset, account credentials) and bulk mail (notifications). Each lane
 * claims only its own rows, so a verification mail never queues behind a backlog of thousands of
 * notifications (docs/decisions/002). With `SMTP_URL` mail goes through nodemailer
 * with retries and back-off; without it each mail is written to the log (so a local user can
 * follow a link) and kept in the table with status `logged`.
 */
export class OutboxWorker {
  private readonly transactional: OutboxLane;
  private readonly bulk: OutboxLane;
  private readonly transport: Transporter | null;

  constructor(db: Database, log: FastifyBaseLogger, options: { smtpUrl: string | undefined; from: string }) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : null;
    const sender = new MailSender(db, log, this.transport);
    this.transactional = new OutboxLane(sender, log, true);
    this.bulk = new OutboxLane(sender, log, false);
  }

  start(): void {
    this.transactional.start();
    this.bulk.start();
  }

  /** Something was queued: both lanes look now (a lane already busy makes one more pass). */
  kick(): void {
    this.transactional.kick();
    this.bulk.kick();
  }

  /** Sends everything due now on both lanes and resolves when done. Tests await it. */
  async drain(): Promise<void> {
    await Promise.all([this.transactional.drain(), this.bulk.drain()]);
  }

  /** Stops the timers and waits for each lane's current batch (not its whole backlog). */
  async stop(): Promise<void> {
    await Promise.all([this.transactional.stop(), this.bulk.stop()]);
    this.transport?.close();
  }
}

/** One lane: a drain loop over the transactional or the bulk rows of the outbox, never both. */
class OutboxLane extends DrainLoop {
  constructor(
    private readonly sender: MailSender,
    log: FastifyBaseLogger,
    private readonly transactional: boolean,
  ) {
    super(
      log,
      transactional ? 'outbox (transactional)' : 'outbox (bulk)',
      transactional ? TRANSACTIONAL_POLL_MS : BULK_POLL_MS,
    );
  }

  protected async drainOnce(): Promise<void> {
    for (;;) {
      const due = await this.sender.claimDue(this.transactional);
      for (const mail of due) await this.sender.deliver(mail);
      if (due.length < BATCH || this.stopping) return;
    }
  }
}

/** Claims and sends outbox rows; shared by both lanes (one SMTP transport per server). */
class MailSender {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly transport: Transporter | null,
  ) {}

  /**
   * Leases due mail of one lane by moving its next attempt LEASE_MS ahead, in one short
   * statement, so no transaction stays open while SMTP talks (PGlite has one connection) and
   * several servers never take the same row (SKIP LOCKED). A server that dies mid-send leaves the
   * lease to run out, and the mail is tried again. Oldest due first, in the order of the index on
   * (status, transactional, next_attempt_at), so the claim reads 20 index entries, not the backlog.
   */
  async claimDue(transactional: boolean): Promise<OutboxRow[]> {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          eq(mailOutbox.transactional, transactional),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async deliver(mail: OutboxRow): Promise<void> {
    if (!this.transport) {
      // Deliberately the whole mail: with no SMTP server this line is how a local user reads a
      // verification or reset link (README, SMTP_URL).
      this.log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail (no SMTP_URL set, kept in outbox)',
      );
      await this.db
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
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1 })
        .where(eq(mailOutbox.id, mail.id));
    } catch (err) {
      const attempts = mail.attempts + 1;
      const delayMs = Math.min(60 * 60 * 1000, 2 ** attempts * 5000);
      // The mail's id finds everything else in the outbox; the log gets no address or content.
      this.log.warn({ mailId: mail.id, attempts, failure: describeSendFailure(err) }, 'mail send failed');
      await this.db
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

const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;

/**
 * What the log keeps of a failed send: nodemailer's code, the SMTP reply code and command, and
 * the message with addresses blanked out (a relay's "550 <asha@example.org>: no such user"
 * echoes the recipient). Not the error object: its `rejected` and `response` fields carry them too.
 */
function describeSendFailure(err: unknown): Record<string, string | number | undefined> {
  if (!(err instanceof Error)) return { message: 'non-error thrown' };
  const detail = err as Error & { code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    code: typeof detail.code === 'string' ? detail.code : undefined,
    responseCode: typeof detail.responseCode === 'number' ? detail.responseCode : undefined,
    command: typeof detail.command === 'string' ? detail.command : undefined,
    message: err.message.replace(ADDRESS, '[address]'),
  };
}

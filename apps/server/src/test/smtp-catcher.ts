import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (empty otherwise). */
  html: string;
};

export type SmtpCatcher = {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  smtpUrl: string;
  /** Every message received, in arrival order. */
  messages: CaughtMail[];
  /**
   * The next message to `to` not returned by an earlier call; waits for it to arrive. Rejects
   * after `timeoutMs`, which is how a test notices a mail that was never sent.
   */
  waitForMail(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
};

export type SmtpCatcherOptions = {
  /**
   * Holds each message this long before accepting it, like a slow relay. The message counts as
   * received (in `messages`, for `waitForMail`) only once accepted.
   */
  delayMs?: number;
  /** Refuses these recipients with 550 (the reply names the address), like a relay that does not know them. */
  rejectTo?: (address: string) => boolean;
};

/**
 * A real SMTP server on a loopback port that keeps what it receives, parsed. The app sends to it
 * through nodemailer exactly as it would to a real relay.
 */
export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectTo?.(address.address)) {
        const refusal = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
          responseCode: 550,
        });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const next = (to: string) => messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, timeoutMs = 5000) {
      return new Promise<CaughtMail>((resolve, reject) => {
        const check = () => {
          const mail = next(to);
          if (!mail) return false;
          taken.add(mail);
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const wake = () => {
          check();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

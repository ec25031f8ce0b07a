import type { CaughtMail } from './mail-catcher';

export const MAIL_HTTP = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 2580}`;

/** Waits for a mail to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${MAIL_HTTP}/messages`);
    const messages = (await response.json()) as CaughtMail[];
    const mail = messages.reverse().find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** Waits for a mail to `to` whose subject matches, and returns the first link in its text. */
export async function waitForMailLink(to: string, subject: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${MAIL_HTTP}/messages`);
    const messages = (await response.json()) as CaughtMail[];
    const mail = messages.reverse().find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

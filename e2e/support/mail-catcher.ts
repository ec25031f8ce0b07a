// A loopback SMTP server for the end-to-end tests. The app sends real mail to it over SMTP;
// the tests read what arrived over a small HTTP API (GET /messages, DELETE /messages).
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; subject: string; text: string; receivedAt: string };

const smtpPort = Number(process.env.SMTP_PORT ?? 2526);
const httpPort = Number(process.env.HTTP_PORT ?? 2580);
const messages: CaughtMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
          a.value.map((v) => (v.address ?? '').toLowerCase()),
        );
        messages.push({
          to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((err: Error) => callback(err));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  if (req.method === 'DELETE') messages.length = 0;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(messages));
}).listen(httpPort, '127.0.0.1', () => {
  console.log(`mail catcher: smtp 127.0.0.1:${smtpPort}, http 127.0.0.1:${httpPort}`);
});

import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { dataPath, type Env } from '../../env';
import { randomToken } from '../../lib/ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Outgoing mail: SMTP when SMTP_URL is set, otherwise .eml files in the local outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  return createOutboxMailer(env.OUTBOX_DIR ?? dataPath(env, 'outbox'), env.MAIL_FROM, log);
}

/**
 * nodemailer, loaded with the first message rather than when the server starts: a restart is
 * ready sooner, and most starts send no mail before they serve.
 */
async function loadNodemailer() {
  return (await import('nodemailer')).default;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = loadNodemailer().then((nodemailer) => nodemailer.createTransport(smtpUrl));
  transport.catch(() => undefined);
  return {
    async send(message) {
      await (await transport).sendMail({ from, ...message });
    },
  };
}

/**
 * Writes each message as an RFC 822 file so that sign-up works with no mail server; the links
 * are logged too, for a developer reading the console.
 */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  let transport: ReturnType<Awaited<ReturnType<typeof loadNodemailer>>['createTransport']> | null =
    null;
  return {
    async send(message) {
      transport ??= (await loadNodemailer()).createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      const info = await transport.sendMail({ from, ...message });
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomToken(6)}.eml`);
      // Written under a temporary name first so a reader never sees half a message.
      fs.writeFileSync(`${file}.tmp`, (info as unknown as { message: Buffer }).message, {
        mode: 0o600,
      });
      fs.renameSync(`${file}.tmp`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written to the outbox',
      );
    },
  };
}

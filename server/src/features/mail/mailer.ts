import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
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

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Writes each message as an RFC 822 file so that sign-up works with no mail server; the links
 * are logged too, for a developer reading the console.
 */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomToken(6)}.eml`);
      // Written under a temporary name first so a reader never sees half a message.
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      fs.renameSync(`${file}.tmp`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written to the outbox',
      );
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  raw: string;
  /** Every http(s) link in the message, quoted-printable soft breaks undone. */
  links: string[];
}

/** Reads the .eml files the outbox mailer wrote for this test app, oldest first. */
export function readOutbox(t: TestApp): OutboxMail[] {
  const dir = t.env.OUTBOX_DIR;
  if (!dir || !fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      return {
        file: f,
        to: /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        raw,
        links: [...new Set(unfolded.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
      };
    });
}

/** The token of the newest mailed link to `to` whose path is `pathname`. */
export function lastMailedToken(t: TestApp, to: string, pathname: string): string {
  const mails = readOutbox(t).filter((m) => m.to.includes(to));
  for (const mail of mails.reverse()) {
    for (const link of mail.links) {
      const url = new URL(link);
      if (url.pathname === pathname && url.searchParams.get('token'))
        return url.searchParams.get('token')!;
    }
  }
  throw new Error(`No mail to ${to} with a ${pathname} link`);
}

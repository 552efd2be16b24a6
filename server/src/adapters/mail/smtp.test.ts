import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

interface Caught {
  from: string;
  to: string[];
  data: string;
}

describe('mail over SMTP', () => {
  let t: TestApp;
  let server: SMTPServer;
  const caught: Caught[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          caught.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        MAIL_FROM: 'Doublecast <hello@doublecast.test>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the magic link through the SMTP server, with text and HTML parts, and writes no outbox file', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'smtp@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(caught).toHaveLength(1);
    const mail = caught[0]!;
    expect(mail.from).toBe('hello@doublecast.test');
    expect(mail.to).toEqual(['smtp@example.com']);
    expect(mail.data).toMatch(/^Subject: Sign in to Doublecast/m);
    expect(mail.data).toMatch(/Content-Type: text\/plain/);
    expect(mail.data).toMatch(/Content-Type: text\/html/);
    const unfolded = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /http:\/\/localhost:3000\/finish-sign-up\?token=([A-Za-z0-9_-]+)/.exec(unfolded);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { email: 'smtp@example.com', token },
    });
    expect(signIn.statusCode).toBe(200);
    const fs = await import('node:fs');
    expect(fs.existsSync(t.env.OUTBOX_DIR!) ? fs.readdirSync(t.env.OUTBOX_DIR!) : []).toEqual([]);
  });

  it('a password reset mail goes the same way, and its link sets a password for a magic-link account', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(caught).toHaveLength(1);
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'smtp@example.com' },
    });
    expect(caught).toHaveLength(2);
    const mail = caught[1]!;
    expect(mail.data).toMatch(/^Subject: Reset your Doublecast password/m);
    const unfolded = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = decodeURIComponent(
      /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(unfolded)![1]!,
    );
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'reset by smtp' },
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'smtp@example.com', password: 'reset by smtp' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

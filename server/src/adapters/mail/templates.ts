import type { MailMessage } from './mailer';

const PRODUCT = 'Doublecast';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, intro: string, action: string, url: string, outro: string): string {
  return `<!doctype html>
<html><body style="margin:0;background:#09090b;color:#e4e4e7;font-family:system-ui,sans-serif">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:700;color:#d8b4fe">${PRODUCT}</p>
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#7e22ce;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#a1a1aa">${escapeHtml(outro)}</p>
<p style="font-size:12px;color:#71717a;word-break:break-all">${escapeHtml(url)}</p>
</div></body></html>`;
}

export function magicLinkMail(to: string, url: string): MailMessage {
  const intro = `Use this link to sign in to ${PRODUCT}. It works once and expires in 10 minutes.`;
  const outro = "If you didn't ask for this, you can ignore this email.";
  return {
    to,
    subject: `Sign in to ${PRODUCT}`,
    text: `${intro}\n\n${url}\n\n${outro}\n\n${PRODUCT}\n`,
    html: layout(`Sign in to ${PRODUCT}`, intro, 'Sign in', url, outro),
  };
}

export function passwordResetMail(to: string, url: string): MailMessage {
  const intro = `Use this link to choose a new ${PRODUCT} password. It works once and expires in 1 hour.`;
  const outro =
    "If you didn't ask for this, you can ignore this email; your password stays the same.";
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${intro}\n\n${url}\n\n${outro}\n\n${PRODUCT}\n`,
    html: layout(`Reset your ${PRODUCT} password`, intro, 'Choose a new password', url, outro),
  };
}

/** A short notice of a high or urgent admin message; the message itself is read in the inbox. */
export function adminMessageMail(
  to: string,
  message: { subject: string; priority: 'high' | 'urgent'; url: string },
): MailMessage {
  const label = message.priority === 'urgent' ? 'An urgent message' : 'An important message';
  const intro = `${label} from the ${PRODUCT} team is waiting in your inbox: "${message.subject}".`;
  const outro = 'Sign in to read it.';
  return {
    to,
    subject: `${label} from ${PRODUCT}`,
    text: `${intro}\n\n${message.url}\n\n${outro}\n\n${PRODUCT}\n`,
    html: layout(`${label} from ${PRODUCT}`, intro, 'Read the message', message.url, outro),
  };
}

import type { AdminLogAction, AdminLogEntry } from '@doublecast/common/admin';

type Metadata = Record<string, unknown>;

function text(m: Metadata, key: string): string | null {
  const value = m[key];
  return typeof value === 'string' && value !== '' ? value : null;
}
/** A number, or the length of a list (voice ids, changes). */
function count(m: Metadata, key: string): number | null {
  const value = m[key];
  if (typeof value === 'number') return value;
  return Array.isArray(value) ? value.length : null;
}
const plural = (n: number | null, one: string, many = `${one}s`) =>
  n === null ? many : `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const quoted = (s: string | null) => (s ? ` “${s}”` : '');
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const day = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : null);

/** Each action in words: `who` did it, `whom` it was done to (docs/glossary.md#admin-logs). */
const SENTENCES: Record<AdminLogAction, (who: string, whom: string, m: Metadata) => string> = {
  subscription_override: (who, whom, m) => {
    const until = day(text(m, 'expiresAt'));
    const days = count(m, 'days');
    return `${who} set ${whom}'s access to ${text(m, 'tier') ?? 'a tier'}${
      days !== null ? ` for ${plural(days, 'day')}` : ''
    }${until ? ` (until ${until} UTC)` : ''}${text(m, 'reason') ? `: ${text(m, 'reason')}` : ''}`;
  },
  subscription_override_revoked: (who, whom, m) =>
    `${who} revoked ${whom}'s override${text(m, 'tier') ? ` (${text(m, 'tier')})` : ''}`,
  message_sent: (who, whom, m) => `${who} sent ${whom} a message${quoted(text(m, 'subject'))}`,
  users_exported: (who) => `${who} exported the users list as CSV`,
  diagnostics_user_record_created: (who, whom, m) =>
    `${who} created a user record for ${text(m, 'email') ?? whom}`,
  diagnostics_last_sign_in_updated: (who, whom) => `${who} updated ${whom}'s last sign-in`,
  diagnostics_test_recordings_created: (who, whom, m) =>
    `${who} created ${plural(count(m, 'count'), 'test recording')} for ${whom}`,
  blog_post_created: (who, _, m) => `${who} created the blog post${quoted(text(m, 'title'))}`,
  blog_post_updated: (who, _, m) => `${who} updated the blog post${quoted(text(m, 'title'))}`,
  blog_post_published: (who, _, m) => `${who} published the blog post${quoted(text(m, 'title'))}`,
  blog_post_unpublished: (who, _, m) =>
    `${who} unpublished the blog post${quoted(text(m, 'title'))}`,
  blog_post_deleted: (who, _, m) => `${who} deleted the blog post${quoted(text(m, 'title'))}`,
  voice_names_updated: (who, _, m) => `${who} renamed ${plural(count(m, 'changes'), 'voice')}`,
  voice_category_changed: (who, _, m) =>
    `${who} moved a voice${text(m, 'from') ? ` from ${text(m, 'from')}` : ''}${
      text(m, 'to') ? ` to ${text(m, 'to')}` : ''
    }`,
  voices_enabled_updated: (who, _, m) =>
    `${who} set the enabled voices (${plural(count(m, 'enabledVoiceIds'), 'voice')})`,
  voices_featured: (who, _, m) => `${who} featured ${plural(count(m, 'voiceIds'), 'voice')}`,
  voices_unfeatured: (who, _, m) => `${who} hid ${plural(count(m, 'voiceIds'), 'voice')}`,
  voices_imported: (who, _, m) =>
    `${who} imported voices${text(m, 'provider') ? ` from ${text(m, 'provider')}` : ''}`,
  voice_permissions_updated: (who, whom, m) =>
    count(m, 'after') === 0
      ? `${who} gave ${whom} every voice`
      : `${who} limited ${whom} to ${plural(count(m, 'after'), 'voice')}`,
  voice_permissions_bulk_updated: (who, _, m) =>
    count(m, 'voiceIds') === 0
      ? `${who} gave every user every voice`
      : `${who} limited every user to ${plural(count(m, 'voiceIds'), 'voice')}`,
};

/**
 * An admin log entry as a sentence: who did what to whom, by email. A target user who has since
 * been deleted reads "a deleted user"; an action this version does not know keeps its name.
 */
export function describeAdminAction(entry: AdminLogEntry): string {
  const whom = entry.targetEmail ?? (entry.targetUserId ? 'a deleted user' : 'nobody');
  const sentence = SENTENCES[entry.action as AdminLogAction];
  return sentence
    ? sentence(entry.adminEmail, whom, entry.metadata)
    : `${entry.adminEmail}: ${entry.action}`;
}

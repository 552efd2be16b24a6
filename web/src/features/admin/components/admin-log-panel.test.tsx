import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminLogEntry } from '@doublecast/common/admin';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { AdminLogPanel } from './admin-log-panel';
import { describeAdminAction } from './admin-log-text';

const entry = (over: Partial<AdminLogEntry>): AdminLogEntry => ({
  id: 1,
  adminId: 'a-7f3e',
  adminEmail: 'ux.admin@example.com',
  action: 'subscription_override',
  targetUserId: 'u-91c2',
  targetEmail: 'actor@example.com',
  metadata: {},
  createdAt: '2026-03-15T12:00:00.000Z',
  ...over,
});

describe('the admin log', () => {
  it('says who did what to whom by email, with the raw details behind a disclosure', async () => {
    const override = entry({
      metadata: {
        tier: 'paid',
        days: 30,
        expiresAt: '2026-04-14T12:00:00.000Z',
        reason: 'Admin override',
      },
    });
    mockFetch().mockResolvedValue(
      jsonResponse({ entries: [override], page: 1, pageSize: 100, hasMore: false }),
    );
    renderWithProviders(<AdminLogPanel />);
    const sentence =
      "ux.admin@example.com set actor@example.com's access to paid for 30 days (until Apr 14, 2026 UTC): Admin override";
    const row = (await screen.findByText(sentence)).closest('tr')!;
    // No id or JSON in the row's own text; they are in the closed disclosure.
    const details = row.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('Details').tagName).toBe('SUMMARY');
    expect(details.textContent).toContain('u-91c2');
    expect(details.textContent).toContain('"reason": "Admin override"');
    expect(row.textContent!.replace(details.textContent!, '')).not.toMatch(/u-91c2|[{}]/);
  });

  it.each<[Partial<AdminLogEntry>, string]>([
    [
      { action: 'subscription_override_revoked', metadata: { tier: 'free' } },
      "ux.admin@example.com revoked actor@example.com's override (free)",
    ],
    [
      { action: 'message_sent', metadata: { subject: 'Your account' } },
      'ux.admin@example.com sent actor@example.com a message “Your account”',
    ],
    [
      { action: 'message_sent', targetEmail: null, metadata: { subject: 'Hi' } },
      'ux.admin@example.com sent a deleted user a message “Hi”',
    ],
    [
      { action: 'users_exported', targetUserId: null, targetEmail: null },
      'ux.admin@example.com exported the users list as CSV',
    ],
    [
      { action: 'diagnostics_test_recordings_created', metadata: { count: 3 } },
      'ux.admin@example.com created 3 test recordings for actor@example.com',
    ],
    [
      { action: 'blog_post_published', targetUserId: null, metadata: { title: 'Cold reads' } },
      'ux.admin@example.com published the blog post “Cold reads”',
    ],
    [
      { action: 'voice_permissions_updated', metadata: { before: [], after: ['v1', 'v2'] } },
      'ux.admin@example.com limited actor@example.com to 2 voices',
    ],
    [
      { action: 'voice_permissions_bulk_updated', targetUserId: null, metadata: { voiceIds: [] } },
      'ux.admin@example.com gave every user every voice',
    ],
    [
      { action: 'voices_featured', targetUserId: null, metadata: { voiceIds: ['v1'] } },
      'ux.admin@example.com featured 1 voice',
    ],
    [{ action: 'something_new' }, 'ux.admin@example.com: something_new'],
  ])('%o reads "%s"', (over, sentence) => {
    expect(describeAdminAction(entry(over))).toBe(sentence);
  });
});

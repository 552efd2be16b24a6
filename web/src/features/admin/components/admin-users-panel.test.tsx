import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_REAUTH_REQUIRED,
  ADMIN_TEXTS,
  OVERRIDE_DAYS_ERROR,
  type AdminUserRow,
} from '@doublecast/common/admin';
import { ApiError } from '../../../lib/api-client';
import { AdminUsersPanel, usersLoadError } from './admin-users-panel';
import { ReauthProvider } from './reauth';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';

const row: AdminUserRow = {
  userId: 'u1',
  email: 'actor@example.com',
  displayName: null,
  role: 'user',
  tier: 'free',
  tierSource: 'subscription',
  stripeStatus: 'inactive',
  lastPaymentDate: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  lastSignInAt: '2026-03-10T00:00:00.000Z',
  override: null,
  overrideActive: false,
  daysSinceSignUp: 14,
  daysSinceLastSignIn: 5,
  activityStatus: 'active',
  recordingsCount: 3,
  charactersTotal: 120,
  firstRecordingAt: null,
  lastRecordingAt: null,
};
const overridden: AdminUserRow = {
  ...row,
  tier: 'paid',
  tierSource: 'override',
  overrideActive: true,
  override: {
    status: 'active',
    tier: 'paid',
    expiresAt: '2026-04-14T00:00:00.000Z',
    reason: 'Admin override',
    createdBy: 'a1',
    createdAt: '2026-03-15T00:00:00.000Z',
  },
};

const list = (users: AdminUserRow[]) =>
  jsonResponse({
    users,
    total: users.length,
    totalCapped: false,
    page: 1,
    pageSize: 50,
    nextCursor: null,
    prevCursor: null,
  });

function renderPanel() {
  return renderWithProviders(
    <ReauthProvider>
      <AdminUsersPanel />
    </ReauthProvider>,
  );
}

describe('AdminUsersPanel', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });

  it('pages by the cursors the server hands out and shows a capped count as "1,000+"', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const params = new URL(url, 'http://x').searchParams;
      const cursor = params.get('cursor');
      return jsonResponse({
        users: [{ ...row, userId: cursor ?? 'first', email: `${cursor ?? 'first'}@example.com` }],
        total: 1000,
        totalCapped: true,
        page: Number(params.get('page') ?? 1),
        pageSize: 50,
        nextCursor: cursor === 'c3' ? null : cursor === 'c2' ? 'c3' : 'c2',
        prevCursor: cursor ? 'back' : null,
      });
    });
    renderPanel();
    // The first render of the file loads the panel's modules: more than findBy's default second.
    await screen.findByRole('heading', { name: 'Users (1,000+)' }, { timeout: 5000 });
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('c2@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('c3@example.com');
    expect(screen.getByText('Page 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('back@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('first@example.com');
    const asked = fetchMock.mock.calls.map(([u]) => String(u));
    expect(asked).toEqual([
      '/api/admin/users?sort=signUp&dir=desc&page=1&pageSize=50',
      '/api/admin/users?sort=signUp&dir=desc&page=2&pageSize=50&cursor=c2',
      '/api/admin/users?sort=signUp&dir=desc&page=3&pageSize=50&cursor=c3',
      '/api/admin/users?sort=signUp&dir=desc&page=2&pageSize=50&cursor=back',
      '/api/admin/users?sort=signUp&dir=desc&page=1&pageSize=50',
    ]);
  });

  it('asks for the password when the server wants a fresh sign-in, then repeats the override', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/admin/users?') || url === '/api/admin/users') {
        const overrides = fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT').length;
        return list([overrides >= 2 ? overridden : row]);
      }
      if (method === 'PUT') {
        const puts = fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT').length;
        return puts === 1
          ? jsonResponse(
              {
                error: {
                  code: 'unauthenticated',
                  message: ADMIN_REAUTH_REQUIRED,
                  details: { reason: 'reauth-required' },
                },
              },
              401,
            )
          : jsonResponse(overridden);
      }
      if (url === '/api/admin/reauthenticate') return new Response(null, { status: 204 });
      throw new Error(`unexpected ${method} ${url}`);
    });
    renderPanel();
    await screen.findByRole('heading', { name: 'Users (1)' });
    fireEvent.click(screen.getByRole('button', { name: 'Override access of actor@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override Access' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Override' }));

    const confirm = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(dialog).queryByText(ADMIN_REAUTH_REQUIRED)).toBeNull();
    fireEvent.change(within(confirm).getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Overridden (paid)');
    const calls = fetchMock.mock.calls.map(([u, i]) => `${i?.method ?? 'GET'} ${u}`);
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([
      'PUT /api/admin/users/u1/override',
      'POST /api/admin/reauthenticate',
      'PUT /api/admin/users/u1/override',
    ]);
    expect(
      JSON.parse(
        fetchMock.mock.calls.find(([u]) => u === '/api/admin/reauthenticate')![1].body as string,
      ),
    ).toEqual({ password: 'pw' });
  });

  it("an admin's row reads paid by role, never Inactive beside paid", async () => {
    const adminRow: AdminUserRow = {
      ...row,
      userId: 'a1',
      email: 'ux.admin@example.com',
      role: 'admin',
      tier: 'paid',
      tierSource: 'role',
    };
    fetchMock.mockResolvedValue(list([adminRow, row]));
    renderPanel();
    const [adminCell, userCell] = (await screen.findAllByText(/^Payment /)).map((el) =>
      el.closest('td')!,
    );
    expect(adminCell!.textContent).toBe('Paid (admin)Payment INACTIVE · Tier paid (admin role)');
    expect(within(adminCell!).queryByText('Inactive')).toBeNull();
    expect(userCell!.textContent).toBe('InactivePayment INACTIVE · Tier free');
  });

  it('Override Access: an out-of-range duration is told beside the field and goes once fixed', async () => {
    fetchMock.mockResolvedValue(list([row]));
    renderPanel();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Override access of actor@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Override Access' });
    const days = within(dialog).getByRole('spinbutton', { name: 'Duration (days)' });
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Override' }));
    expect(days.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(days.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe(OVERRIDE_DAYS_ERROR);
    expect(message.getAttribute('role')).toBe('alert');
    fireEvent.change(days, { target: { value: '30' } });
    expect(within(dialog).queryByText(OVERRIDE_DAYS_ERROR)).toBeNull();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT')).toEqual([]);
  });

  it('shows "Unable to Load Admin Panel" with the reason and a Retry that loads again', async () => {
    fetchMock
      .mockResolvedValueOnce(errorResponse('permission-denied', 'no', 403))
      .mockResolvedValueOnce(list([row]));
    renderPanel();
    await screen.findByRole('heading', { name: 'Unable to Load Admin Panel' });
    expect(screen.getByRole('alert').textContent).toBe('Access Denied. Ensure admin permissions.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Users (1)' })).toBeTruthy());
  });
});

describe('usersLoadError', () => {
  it("keeps the spec's prefix and shows only wording meant for the user", () => {
    const refused = new ApiError('invalid-argument', 'Cursor is not valid.', 400);
    expect(usersLoadError(refused, true)).toBe('Failed to load users: Cursor is not valid.');
    const internal = new ApiError('internal', 'pool exhausted on replica 2', 500);
    expect(usersLoadError(internal, true)).toBe(ADMIN_TEXTS.loadFailed(ADMIN_TEXTS.unexpected));
    expect(usersLoadError(new TypeError('x is undefined'), true)).toBe(
      'Failed to load users: Something went wrong. Please try again.',
    );
    expect(usersLoadError(refused, false)).toBe(ADMIN_TEXTS.offline);
  });
});

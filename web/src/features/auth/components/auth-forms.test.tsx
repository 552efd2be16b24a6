import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, mockFetch } from '../../../test/fetch';
import { renderWithProviders as wrap } from '../../../test/render';
import { signInTarget } from '../sign-in-storage';
import { FinishSignUp } from './finish-sign-up';
import { MagicLinkForm } from './magic-link-form';
import { SetPasswordForm } from './set-password-form';
import { SignInForm } from './sign-in-form';

describe('signInTarget', () => {
  it.each([
    ['redirect=/studio&voice=v1', '/studio?voice=v1'],
    ['redirect=%2Faccount', '/account'],
    ['', null],
    ['voice=v1', null],
    ['redirect=https://evil.example&voice=v1', '/studio?voice=v1'],
    ['redirect=//evil.example', '/studio'],
    ['redirect=/sign-in', '/studio'],
    ['redirect=/signin%3Fredirect%3D%2Fsignin', '/studio'],
  ])('%s -> %s', (search, expected: string | null) => {
    expect(signInTarget(new URLSearchParams(search))).toBe(expected);
  });
});

describe('auth forms', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
    localStorage.clear();
  });

  it('sign-in shows "Signing In..." while busy and the server text on failure', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    wrap(<SignInForm redirect={null} onSignedIn={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toHaveProperty(
      'disabled',
      true,
    );
    answer(
      json({ error: { code: 'unauthenticated', message: 'Incorrect email or password' } }, 401),
    );
    expect(await screen.findByText('Incorrect email or password')).toBeTruthy();
  });

  it('sign-in: each message beside its field, focus on the first, gone once fixed; a refusal goes once the input changes', async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'unauthenticated', message: 'Incorrect email or password' } }, 401),
    );
    wrap(<SignInForm redirect={null} onSignedIn={() => {}} />);
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const messageOf = (field: HTMLElement) =>
      document.getElementById((field.getAttribute('aria-describedby') ?? '').split(' ').at(-1)!)
        ?.textContent;
    expect(messageOf(email)).toBe('Please enter a valid email address');
    expect(messageOf(password)).toBe('Incorrect email or password');
    await waitFor(() => expect(document.activeElement).toBe(email));
    fireEvent.change(email, { target: { value: 'a@b.co' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    fireEvent.change(password, { target: { value: 'wrong pass' } });
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe('Incorrect email or password');
    fireEvent.change(password, { target: { value: 'wrong pass 2' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('set password: a too-short password and a mismatch are each told beside their field', () => {
    wrap(<SetPasswordForm onDone={() => {}} />);
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    fireEvent.change(next, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(next.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 8 characters');
    fireEvent.change(next, { target: { value: 'long enough 1' } });
    // Now the confirmation is the field at fault.
    expect(next.getAttribute('aria-invalid')).toBeNull();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    fireEvent.change(confirm, { target: { value: 'long enough 1' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the toggle switches to the magic-link form, which keeps the email on this device', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    wrap(<SignInForm redirect="/studio?voice=v1" onSignedIn={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Magic Link' }));
    expect(screen.getByRole('button', { name: 'Magic Link' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Me@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    expect(
      await screen.findByText('Magic link sent to me@example.com! Check your inbox.'),
    ).toBeTruthy();
    expect(localStorage.getItem('emailForSignIn')).toBe('me@example.com');
    expect(localStorage.getItem('doublecast.signInRedirect')).toBe('/studio?voice=v1');
  });

  it('a malformed email is refused before anything is sent', () => {
    wrap(<MagicLinkForm variant="sign-up" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    expect(screen.getByText('The email address is not valid.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('finish-sign-up posts the token with the stored email and goes to the stored target', async () => {
    localStorage.setItem('emailForSignIn', 'me@example.com');
    localStorage.setItem('doublecast.signInRedirect', '/studio?voice=v1');
    fetchMock.mockResolvedValue(
      json({ user: { id: 'u1', email: 'me@example.com', role: 'user' } }),
    );
    const onSignedIn = vi.fn();
    wrap(<FinishSignUp token={'t'.repeat(43)} onSignedIn={onSignedIn} />);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/studio?voice=v1'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/magic-link/verify');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'me@example.com',
      token: 't'.repeat(43),
    });
    expect(localStorage.getItem('emailForSignIn')).toBeNull();
  });

  it('finish-sign-up asks for the email when none is stored, and offers Back to Sign In on failure', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: {
            code: 'invalid-argument',
            message: 'Sign-in failed. This link has expired or has already been used.',
          },
        },
        400,
      ),
    );
    wrap(<FinishSignUp token={'t'.repeat(43)} onSignedIn={() => {}} />);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Sign-In' }));
    expect(
      await screen.findByText('Sign-in failed. This link has expired or has already been used.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe(
      '/sign-in',
    );
  });

  it.each([
    ['without a token', null],
    ['with a token no sign-in link has', 'short'],
  ])('finish-sign-up opened %s says the link is invalid and sends nothing', (_, token) => {
    localStorage.setItem('emailForSignIn', 'me@example.com');
    wrap(<FinishSignUp token={token} onSignedIn={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This link is invalid or has expired. Please request a new sign-in link.',
    );
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('set password: mismatched fields are refused; success shows its screen and leaves after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(json({ ok: true }));
    const onDone = vi.fn();
    wrap(<SetPasswordForm onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long enough 1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'long enough 2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'long enough 1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Set Successfully' })).toBeTruthy();
    vi.advanceTimersByTime(1900);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(onDone).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

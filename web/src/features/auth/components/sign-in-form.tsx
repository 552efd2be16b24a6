import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { isValidEmail } from '@doublecast/common/email';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSignIn } from '../api/sign-in';
import { linkClass } from './auth-panel';
import { useFormMessages } from '../../../lib/use-form-messages';
import { userMessage } from '../../../lib/user-message';
import { MagicLinkForm } from './magic-link-form';
import { PasswordField } from './password-field';

type Mode = 'password' | 'magic';

/** The sign-in page's body: a Password / Magic Link toggle over the matching form. */
export function SignInForm({
  redirect,
  onSignedIn,
}: {
  /** The same-site path to return to (kept for the magic link too). */
  redirect: string | null;
  onSignedIn: () => void;
}) {
  const [mode, setMode] = useState<Mode>('password');
  return (
    <div className="flex flex-col gap-6">
      <div
        role="group"
        aria-label="Sign-in method"
        className="grid grid-cols-2 gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-1"
      >
        {(
          [
            ['password', 'Password'],
            ['magic', 'Magic Link'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => setMode(value)}
            className={`rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
              mode === value
                ? 'bg-brand-600 text-white shadow'
                : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-white'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      {mode === 'password' ? (
        <PasswordSignIn onSignedIn={onSignedIn} />
      ) : (
        <MagicLinkForm variant="sign-in" redirect={redirect} />
      )}
    </div>
  );
}

function PasswordSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const messages = useFormMessages({ email, password }, (v) => ({
    ...(isValidEmail(v.email.trim()) ? {} : { email: AUTH_TEXT.invalidEmail }),
    ...(v.password ? {} : { password: AUTH_TEXT.incorrectCredentials }),
  }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!messages.validate()) return;
    signIn.mutate(
      { email: email.trim().toLowerCase(), password },
      {
        onSuccess: onSignedIn,
        onError: (err) => messages.fail(userMessage(err, AUTH_TEXT.signInFailed)),
      },
    );
  };

  return (
    <form
      ref={messages.formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="Sign in with password"
      className="flex flex-col gap-4"
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
        error={messages.fieldErrors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={messages.fieldErrors.password}
      />
      <div className="-mt-1 text-right text-sm">
        <Link to="/forgot-password" className={linkClass}>
          Forgot password?
        </Link>
      </div>
      {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}

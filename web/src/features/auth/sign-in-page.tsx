import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError, isApiError } from '../../api/api-error';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { formatTime } from '../../lib/time';
import { AuthLayout, authStyles as styles } from './auth-layout';
import { useSignIn } from './queries';
import { safeRedirect } from './safe-redirect';
import { formatWait, useRetryCountdown } from './use-retry-countdown';

/** Sign in with email and password; back to where the person was (`?redirect=`) afterwards. */
export function SignInPage(): ReactElement {
  const search = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const wait = useRetryCountdown(lockedUntil);
  const throttled = wait > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => void navigate({ href: safeRedirect(search.redirect), replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'too_many_attempts' && error.retryAfterSeconds !== null) setLockedUntil(Date.now() + error.retryAfterSeconds * 1000);
        },
      },
    );
  };
  const error = signIn.error;
  const showBanner = error !== null && !throttled && !fieldError(error, 'email') && !fieldError(error, 'password') && !(isApiError(error) && error.code === 'too_many_attempts');
  return (
    <AuthLayout
      title="Sign in"
      subtitle="to the tf-gateway console"
      footer={<>No account yet? <Link to="/sign-up" search={search.redirect ? { redirect: search.redirect } : {}}>Create one</Link></>}
    >
      {search.reason === 'expired' && <p className={styles.notice} role="status">Your session ended. Sign in again to continue where you were.</p>}
      <form className={styles.form} onSubmit={submit}>
        <Field label="Email" error={fieldError(error, 'email')}>
          <Input type="email" name="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password" error={fieldError(error, 'password')}>
          <Input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        {showBanner && <ErrorBanner error={error} />}
        {throttled && lockedUntil !== null && (
          <div data-testid="throttled">
            <ErrorBanner error={new Error(`Too many failed sign-ins for this email. You can try again at ${formatTime(new Date(lockedUntil).toISOString(), 'time')}.`)} />
            <p className={styles.footer} aria-live="off">Time left: {formatWait(wait)}</p>
          </div>
        )}
        <Button type="submit" variant="primary" className={styles.submit} loading={signIn.isPending} disabled={throttled}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}

import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactElement } from 'react';
import { isApiError } from '../../api/api-error';
import { ErrorBanner } from '../../components/error-banner';
import { AuthLayout, authStyles as styles } from './auth-layout';
import { useSignOut } from './queries';

/** Ends the session on arrival (the user menu links here) and says so. */
export function SignOutPage(): ReactElement {
  const signOut = useSignOut();
  const started = useRef(false);
  useEffect(() => {
    // Once, even when React mounts the page twice in development.
    if (started.current) return;
    started.current = true;
    signOut.mutate();
  }, [signOut]);
  // Already signed out (401): that is the outcome asked for.
  const failed = signOut.isError && !(isApiError(signOut.error) && signOut.error.status === 401);
  const done = signOut.isSuccess || (signOut.isError && !failed);
  return (
    <AuthLayout title={done ? 'You are signed out' : failed ? 'Sign-out failed' : 'Signing out…'} footer={<Link to="/sign-in">Sign in again</Link>}>
      {done && <p className={styles.subtitle} role="status">Your session has ended on this gateway.</p>}
      {failed && <ErrorBanner error={signOut.error} />}
    </AuthLayout>
  );
}

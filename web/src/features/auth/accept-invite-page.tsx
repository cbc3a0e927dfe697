import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError, isSessionExpired } from '../../api/api-error';
import type { ApiResponse } from '../../api/types';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Time } from '../../components/time';
import { firstIssue } from '../../lib/first-issue';
import { newPasswordSchema } from '../../lib/shared-rules';
import { roleLabel } from '../shell/role-label';
import { AuthLayout, authStyles as styles } from './auth-layout';
import { inviteLookupQuery, optionalMeQuery, useAcceptInvite } from './invite-queries';
import { useSignOut } from './queries';

/** What `POST /api/invites/lookup` says about the link. */
type Invite = ApiResponse<'/api/invites/lookup', 'post'>;

/** The facts of the invite, shown before anything is asked. */
function InviteFacts({ invite }: { readonly invite: Invite }): ReactElement {
  return (
    <dl className={styles.facts}>
      <dt>Organization</dt>
      <dd>{invite.org_name}</dd>
      <dt>Role</dt>
      <dd>{roleLabel(invite.role)}</dd>
      <dt>For</dt>
      <dd>{invite.email}</dd>
      <dt>Expires</dt>
      <dd><Time iso={invite.expires_at} /></dd>
    </dl>
  );
}

/** The form that fits who is looking: the invited person signed in, someone else, an existing account, or a new one. */
function AcceptForm({ token, invite }: { readonly token: string; readonly invite: Invite }): ReactElement {
  const navigate = useNavigate();
  const me = useQuery(optionalMeQuery);
  const accept = useAcceptInvite();
  const signOut = useSignOut();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [passwordRule, setPasswordRule] = useState<string | null>(null);
  const joined = () => void navigate({ to: '/orgs/$orgId', params: { orgId: invite.org_id }, replace: true });
  if (me.isPending) return <p className={styles.subtitle}>Checking whether you are signed in…</p>;
  const signedIn = me.data?.user ?? null;
  if (me.isError && !isSessionExpired(me.error)) return <ErrorBanner error={me.error} />;
  if (signedIn !== null && signedIn.email === invite.email) {
    return (
      <div className={styles.form}>
        <p>You are signed in as <strong>{signedIn.email}</strong>.</p>
        <ErrorBanner error={accept.error} />
        <Button variant="primary" className={styles.submit} loading={accept.isPending} onClick={() => accept.mutate({ token }, { onSuccess: joined })}>
          Join {invite.org_name}
        </Button>
      </div>
    );
  }
  if (signedIn !== null) {
    return (
      <div className={styles.form}>
        <ErrorBanner error={new Error(`This invite is for ${invite.email}, but you are signed in as ${signedIn.email}. Sign out, then accept it as ${invite.email}.`)} />
        <Button className={styles.submit} loading={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSettled: () => void me.refetch() })}>
          Sign out of {signedIn.email}
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.account_exists) {
      accept.mutate({ token, password }, { onSuccess: joined });
      return;
    }
    const rule = firstIssue(newPasswordSchema.safeParse(password));
    setPasswordRule(rule);
    if (rule === null) accept.mutate({ token, name: name.trim(), password }, { onSuccess: joined });
  };
  const apiError = accept.error;
  const banner = apiError && !fieldError(apiError, 'password') && !fieldError(apiError, 'name') ? apiError : null;
  return (
    <form className={styles.form} onSubmit={submit}>
      {invite.account_exists ? (
        <Field label={`Password of ${invite.email}`} error={fieldError(apiError, 'password')}>
          <Input type="password" name="password" autoComplete="current-password" required autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
      ) : (
        <>
          <Field label="Your name" error={fieldError(apiError, 'name')}>
            <Input name="name" autoComplete="name" required autoFocus value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Choose a password" hint="At least 10 characters." error={passwordRule ?? fieldError(apiError, 'password')}>
            <Input type="password" name="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
        </>
      )}
      <ErrorBanner error={banner} />
      <Button type="submit" variant="primary" className={styles.submit} loading={accept.isPending}>
        {invite.account_exists ? `Sign in and join ${invite.org_name}` : `Create account and join ${invite.org_name}`}
      </Button>
    </form>
  );
}

/**
 * `/console/invite#tf_inv_...`: the token travels in the URL fragment, which browsers never send
 * to a server, and proves nothing on its own: the page asks for what the API requires.
 */
export function AcceptInvitePage(): ReactElement {
  const hash = useRouterState({ select: (state) => state.location.hash });
  const token = hash.replace(/^#/, '').trim();
  const lookup = useQuery({ ...inviteLookupQuery(token), enabled: token !== '' });
  const footer = <Link to="/sign-in">Sign in to the console</Link>;
  if (token === '') {
    return (
      <AuthLayout title="Accept an invite" footer={footer}>
        <ErrorBanner error={new Error('This link holds no invite. Open the link from your invite email exactly as it was sent.')} />
      </AuthLayout>
    );
  }
  if (lookup.isPending) return <AuthLayout title="Accept an invite"><p className={styles.subtitle} role="status">Checking the invite…</p></AuthLayout>;
  if (lookup.isError) {
    return (
      <AuthLayout title="Accept an invite" footer={footer}>
        <ErrorBanner error={lookup.error} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={`Join ${lookup.data.org_name}`} subtitle="You have been invited to an organization on this gateway." footer={footer}>
      <InviteFacts invite={lookup.data} />
      <AcceptForm token={token} invite={lookup.data} />
    </AuthLayout>
  );
}

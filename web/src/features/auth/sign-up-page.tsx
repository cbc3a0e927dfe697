import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { firstIssue } from '../../lib/first-issue';
import { emailSchema, newPasswordSchema } from '../../lib/shared-rules';
import { AuthLayout, authStyles as styles } from './auth-layout';
import { useSignUp } from './queries';
import { safeRedirect } from './safe-redirect';

interface SignUpErrors {
  readonly name?: string | null;
  readonly email?: string | null;
  readonly password?: string | null;
}

/** Create an account; it comes with a personal organization and a default project. */
export function SignUpPage(): ReactElement {
  const search = useSearch({ from: '/sign-up' });
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SignUpErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: SignUpErrors = {
      name: name.trim() === '' ? 'Enter your name.' : null,
      email: firstIssue(emailSchema.safeParse(email.trim())) && 'Enter an email address such as ada@example.com.',
      password: firstIssue(newPasswordSchema.safeParse(password)),
    };
    setErrors(found);
    if (found.name || found.email || found.password) return;
    signUp.mutate({ name: name.trim(), email: email.trim(), password }, { onSuccess: () => void navigate({ href: safeRedirect(search.redirect), replace: true }) });
  };
  const apiError = signUp.error;
  const onField = (param: keyof SignUpErrors) => errors[param] ?? fieldError(apiError, param);
  const bannerError = apiError && !['name', 'email', 'password'].some((param) => fieldError(apiError, param)) ? apiError : null;
  return (
    <AuthLayout
      title="Create your account"
      subtitle="You get a personal organization with a project to start in."
      footer={<>Have an account? <Link to="/sign-in" search={search.redirect ? { redirect: search.redirect } : {}}>Sign in</Link></>}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Name" error={onField('name')}>
          <Input name="name" autoComplete="name" required autoFocus value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Email" error={onField('email')}>
          <Input type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password" hint="At least 10 characters." error={onField('password')}>
          <Input type="password" name="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <ErrorBanner error={bannerError} />
        <Button type="submit" variant="primary" className={styles.submit} loading={signUp.isPending}>Create account</Button>
      </form>
    </AuthLayout>
  );
}

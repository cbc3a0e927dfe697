import { Plus } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { Dialog, DialogClose } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { SecretReveal } from '../../components/secret-reveal';
import { Select } from '../../components/select';
import { toast } from '../../components/toast';
import { useMe } from '../shell/current-scope';
import styles from './me.module.css';
import { useCreateAccessToken } from './queries';

const EXPIRY = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;

function expiresAt(choice: string): string | null {
  if (choice === 'never') return null;
  return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

/** Try a new token at once: the request scripts will make. */
function CurlSnippet({ secret }: { readonly secret: string }): ReactElement {
  const command = `curl ${window.location.origin}/api/me \\\n  -H "Authorization: Bearer ${secret}"`;
  return (
    <div className={styles.snippetRow}>
      <pre className={styles.snippet} tabIndex={0} aria-label="curl command using the token"><code>{command}</code></pre>
      <CopyButton value={command.replace('\\\n  ', '')} label="Copy curl command" />
    </div>
  );
}

/** Create an access token (name, organization, expiry); the secret is shown once, then gone. */
export function CreateTokenDialog(): ReactElement {
  const me = useMe();
  const create = useCreateAccessToken();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [orgId, setOrgId] = useState('');
  const [expiry, setExpiry] = useState('90');
  const created = create.data;
  const reset = () => {
    setName('');
    setOrgId('');
    setExpiry('90');
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), ...(orgId ? { org_id: orgId } : {}), expires_at: expiresAt(expiry) },
      { onSuccess: (token) => toast.success(`Access token “${token.name}” created.`) },
    );
  };
  const error = create.error;
  const banner = error && !fieldError(error, 'name') && !fieldError(error, 'org_id') && !fieldError(error, 'expires_at') ? error : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Closing forgets the secret: it is never stored anywhere.
        if (!next) reset();
      }}
      trigger={<Button variant="primary"><Plus size={16} aria-hidden />Create token</Button>}
      title={created ? 'Access token created' : 'Create an access token'}
      description={created ? undefined : 'Scripts send it as Authorization: Bearer to the console API, with your permissions.'}
      footer={created ? <DialogClose><Button variant="primary">Done</Button></DialogClose> : null}
    >
      {created ? (
        <>
          <SecretReveal secret={created.secret} what="access token" />
          <CurlSnippet secret={created.secret} />
        </>
      ) : (
        <form className={styles.stack} onSubmit={submit}>
          <Field label="Name" hint="What uses it, such as “CI deploy”." error={fieldError(error, 'name')}>
            <Input name="name" required maxLength={100} autoFocus value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Organizations" hint="Narrow it to one organization; the others then look missing to it." error={fieldError(error, 'org_id')}>
            <Select value={orgId} onChange={(e) => setOrgId(e.target.value)} options={[{ value: '', label: 'All my organizations' }, ...me.organizations.map((o) => ({ value: o.id, label: o.name }))]} />
          </Field>
          <Field label="Expires" error={fieldError(error, 'expires_at')}>
            <Select value={expiry} onChange={(e) => setExpiry(e.target.value)} options={EXPIRY} />
          </Field>
          <ErrorBanner error={banner} />
          <div className={styles.toolbar}>
            <span />
            <Button type="submit" variant="primary" loading={create.isPending}>Create token</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

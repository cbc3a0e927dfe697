import { UserPlus } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { Dialog, DialogClose } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { toast } from '../../components/toast';
import type { OrgAbilities } from '../shell/queries';
import { roleLabel } from '../shell/role-label';
import styles from './members.module.css';
import { useCreateInvite, type OrgRole } from './queries';
import { isOrgRole, ORG_ROLE_HINTS, ORG_ROLES } from './roles';

/** Invite someone with a role. Without email delivery the link is shown once, to pass on. */
export function InviteDialog({ orgId, orgName, org }: { readonly orgId: string; readonly orgName: string; readonly org: OrgAbilities }): ReactElement {
  const create = useCreateInvite(orgId);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('developer');
  const created = create.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ email: email.trim(), role }, { onSuccess: (invite) => toast.success(`${invite.email} invited as ${roleLabel(invite.role)}.`) });
  };
  const error = create.error;
  const banner = error && !fieldError(error, 'email') && !fieldError(error, 'role') ? error : null;
  const roles = ORG_ROLES.filter((r) => r !== 'owner' || org.manage_owners);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setEmail('');
          setRole('developer');
          create.reset();
        }
      }}
      trigger={<Button variant="primary"><UserPlus size={16} aria-hidden />Invite member</Button>}
      title={created ? 'Invite created' : `Invite someone to ${orgName}`}
      description={created ? undefined : 'They join with the role you choose when they accept the invite.'}
      footer={created ? <DialogClose><Button variant="primary">Done</Button></DialogClose> : null}
    >
      {created ? (
        created.url ? (
          <div className={styles.stack}>
            <p>No email server is configured, so pass this link on to {created.email} yourself. It is shown only now, works once and expires in 7 days.</p>
            <div className={styles.linkRow}>
              <code className={styles.link} data-testid="invite-url" tabIndex={0} aria-label="Invite link">{created.url}</code>
              <CopyButton value={created.url} label="Copy invite link" size="md" showLabel />
            </div>
          </div>
        ) : created.emailed ? (
          <p>The invite link was emailed to {created.email}.</p>
        ) : (
          <ErrorBanner error={new Error(`The email server did not accept the mail to ${created.email}. Revoke this invite and invite again (the reason is in the server log).`)} />
        )
      ) : (
        <form className={styles.stack} onSubmit={submit}>
          <Field label="Email" error={fieldError(error, 'email')}>
            <Input name="email" type="email" required autoFocus autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label="Role" hint={ORG_ROLE_HINTS[role]} error={fieldError(error, 'role')}>
            <Select value={role} onChange={(e) => isOrgRole(e.target.value) && setRole(e.target.value)} options={roles.map((r) => ({ value: r, label: roleLabel(r) }))} />
          </Field>
          <ErrorBanner error={banner} />
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" loading={create.isPending}>Send invite</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

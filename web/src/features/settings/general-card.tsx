import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { toast } from '../../components/toast';
import { ConvertOrgDialog } from './convert-org-dialog';
import { useRenameOrg, type Organization } from './queries';
import styles from './settings.module.css';
import textStyles from '../../styles/text.module.css';

/** Name, kind and slug of the organization; rename and conversion for those allowed. */
export function GeneralCard({ org }: { readonly org: Organization }): ReactElement {
  const rename = useRenameOrg(org.id);
  const [name, setName] = useState(org.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name.trim(), { onSuccess: (saved) => toast.success(`The organization is now called “${saved.name}”.`) });
  };
  return (
    <Card title="Organization">
      <dl className={styles.facts}>
        <dt>Kind</dt>
        <dd>{org.personal ? <Badge>Personal</Badge> : <Badge tone="accent">Company</Badge>}</dd>
        <dt>URL slug</dt>
        <dd>{org.slug ? <code className={styles.code}>{org.slug}</code> : <span className={textStyles.muted}>None</span>}</dd>
        <dt>Id</dt>
        <dd><code className={styles.code}>{org.id}</code></dd>
      </dl>
      {org.abilities.update && (
        <form className={styles.stack} onSubmit={submit}>
          <div className={styles.row}>
            <div className={styles.grow}>
              <Field label="Organization name" error={fieldError(rename.error, 'name')}>
                <Input name="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
              </Field>
            </div>
            <Button type="submit" loading={rename.isPending} disabled={name.trim() === org.name}>Rename</Button>
          </div>
          {!fieldError(rename.error, 'name') && <ErrorBanner error={rename.error} />}
        </form>
      )}
      {org.personal && org.abilities.convert && (
        <div className={styles.stack}>
          <p className={styles.lead}>
            This is your personal organization, made when you signed up. Converting it into a company organization gives it a company
            name and URL slug; its members, projects, keys, balance and history stay as they are. It cannot be turned back.
          </p>
          <div><ConvertOrgDialog org={org} /></div>
        </div>
      )}
    </Card>
  );
}

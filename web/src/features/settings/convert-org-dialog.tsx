import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { toast } from '../../components/toast';
import { useConvertOrg, type Organization } from './queries';
import styles from './settings.module.css';

/** A slug suggestion from a name: lower-case letters, digits and inner dashes. */
function slugFrom(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
}

/** Convert a personal organization into a company one (owner only); the API's rules are shown under the fields. */
export function ConvertOrgDialog({ org }: { readonly org: Organization }): ReactElement {
  const convert = useConvertOrg(org.id);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    convert.mutate(
      { name: name.trim(), slug },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} is now a company organization.`);
          setOpen(false);
        },
      },
    );
  };
  const error = convert.error;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) convert.reset();
      }}
      trigger={<Button>Convert to a company organization</Button>}
      title="Convert to a company organization"
      description="Members, projects, keys, balance and history stay. This cannot be undone."
    >
      <form className={styles.stack} onSubmit={submit}>
        <Field label="Company name" error={fieldError(error, 'name')}>
          <Input
            name="name"
            required
            maxLength={100}
            autoFocus
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (!slugTouched) setSlug(slugFrom(e.target.value));
            }}
          />
        </Field>
        <Field label="URL slug" hint="1-40 lower-case letters, digits and inner dashes; unique on this gateway." error={fieldError(error, 'slug')}>
          <Input
            name="slug"
            required
            maxLength={40}
            value={slug}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.target.value);
            }}
          />
        </Field>
        {!fieldError(error, 'name') && !fieldError(error, 'slug') && <ErrorBanner error={error} />}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={convert.isPending}>Convert {org.name}</Button>
        </div>
      </form>
    </Dialog>
  );
}

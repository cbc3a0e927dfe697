import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { toast } from '../../components/toast';
import { useCreateAlias, useUpdateAlias, type AliasScope, type ModelAlias } from './queries';
import styles from './settings.module.css';

/** Props of {@link AliasDialog}. */
export interface AliasDialogProps {
  readonly scope: AliasScope;
  /** The alias to edit; omitted to create one. */
  readonly alias?: ModelAlias;
  /** Targets offered while typing: catalogue ids, and organization aliases for a project. */
  readonly suggestions: readonly string[];
  readonly trigger: ReactElement;
}

/** Create or edit an alias: a name clients send as `model`, and what it stands for. */
export function AliasDialog({ scope, alias, suggestions, trigger }: AliasDialogProps): ReactElement {
  const create = useCreateAlias(scope);
  const update = useUpdateAlias(scope);
  const mutation = alias ? update : create;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(alias?.name ?? '');
  const [target, setTarget] = useState(alias?.target ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = { onSuccess: (saved: ModelAlias) => { toast.success(`Alias “${saved.name}” now stands for ${saved.target}.`); setOpen(false); } };
    if (alias) update.mutate({ aliasId: alias.id, body: { ...(name !== alias.name ? { name } : {}), ...(target !== alias.target ? { target: target.trim() } : {}) } }, done);
    else create.mutate({ name, target: target.trim() }, done);
  };
  const error = mutation.error;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setName(alias?.name ?? '');
          setTarget(alias?.target ?? '');
        } else mutation.reset();
      }}
      trigger={trigger}
      title={alias ? `Edit alias “${alias.name}”` : 'Create an alias'}
      description={scope.kind === 'org' ? 'Every project of the organization can send it as the model.' : 'Only this project’s keys can send it as the model; it wins over an organization alias of the same name.'}
    >
      <form className={styles.stack} onSubmit={submit}>
        <Field label="Alias name" hint="What clients send as model: letters, digits and . _ : / -, starting with a letter or digit; no @." error={fieldError(error, 'name')}>
          <Input name="name" required maxLength={100} autoFocus autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field
          label="Stands for"
          hint={scope.kind === 'org' ? 'A catalogue model id, optionally with @ modifiers (openai/gpt-4o@effort:low).' : 'A catalogue model id or an organization alias, optionally with @ modifiers.'}
          error={fieldError(error, 'target')}
        >
          <Input name="target" required maxLength={200} list={listId} autoComplete="off" value={target} onChange={(e) => setTarget(e.target.value)} />
        </Field>
        <datalist id={listId}>{suggestions.map((id) => <option key={id} value={id} />)}</datalist>
        {!fieldError(error, 'name') && !fieldError(error, 'target') && <ErrorBanner error={error} />}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={mutation.isPending}>{alias ? 'Save alias' : 'Create alias'}</Button>
        </div>
      </form>
    </Dialog>
  );
}

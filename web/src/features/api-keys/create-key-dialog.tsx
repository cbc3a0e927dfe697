import { Plus } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError, isApiError } from '../../api/api-error';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { SecretReveal } from '../../components/secret-reveal';
import { Select } from '../../components/select';
import { toast } from '../../components/toast';
import styles from './api-keys.module.css';
import { KeySnippets } from './key-snippets';
import { useCreateApiKey } from './queries';

const EXPIRY = [
  { value: 'never', label: 'Never' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
] as const;

/** The model the snippet calls when the key is not narrowed to some: the demo catalogue's everyday model. */
const SNIPPET_MODEL = 'openai/gpt-4o-mini';

function expiresAt(choice: string): string | null {
  return choice === 'never' ? null : new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

/** Model ids typed one per line or separated by commas; none means every model the organization allows. */
function parseModels(text: string): string[] | null {
  const models = text.split(/[\s,]+/).filter((m) => m !== '');
  return models.length === 0 ? null : models;
}

/** The API names a bad entry `allowed_models.2` (shape) or `allowed_models[2]` (unknown model). */
function modelsError(error: unknown): string | null {
  return isApiError(error) && error.param !== null && error.param.startsWith('allowed_models') ? error.message : null;
}

/** Create a key (name, expiry, allowed models, monthly budget); the secret is shown once with snippets, then gone. */
export function CreateKeyDialog({ projectId }: { readonly projectId: string }): ReactElement {
  const create = useCreateApiKey(projectId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('never');
  const [models, setModels] = useState('');
  const [budget, setBudget] = useState('');
  const created = create.data;
  const reset = () => {
    setName('');
    setExpiry('never');
    setModels('');
    setBudget('');
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), expires_at: expiresAt(expiry), allowed_models: parseModels(models), budget_usd: budget.trim() === '' ? null : budget.trim() },
      { onSuccess: (key) => toast.success(`API key “${key.name}” created.`) },
    );
  };
  const error = create.error;
  const placed = fieldError(error, 'name') ?? fieldError(error, 'expires_at') ?? fieldError(error, 'budget_usd') ?? modelsError(error);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Closing forgets the secret: it is never stored anywhere.
        if (!next) reset();
      }}
      trigger={<Button variant="primary"><Plus size={16} aria-hidden />Create key</Button>}
      title={created ? 'API key created' : 'Create an API key'}
      description={created ? undefined : 'Clients send it as the API key of the openai or anthropic package, or as Authorization: Bearer.'}
      footer={created ? <DialogClose><Button variant="primary">Done</Button></DialogClose> : null}
    >
      {created ? (
        <div className={styles.stack}>
          <SecretReveal secret={created.secret} what="API key" />
          <KeySnippets secret={created.secret} model={created.allowed_models?.[0] ?? SNIPPET_MODEL} />
        </div>
      ) : (
        <form className={styles.stack} onSubmit={submit}>
          <Field label="Name" hint="What uses it, such as “search backend (prod)”." error={fieldError(error, 'name')}>
            <Input name="name" required maxLength={100} autoFocus value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <div className={styles.row2}>
            <Field label="Expires" error={fieldError(error, 'expires_at')}>
              <Select value={expiry} onChange={(e) => setExpiry(e.target.value)} options={EXPIRY} />
            </Field>
            <Field label="Monthly budget (USD)" hint="Empty: no budget of its own." error={fieldError(error, 'budget_usd')}>
              <Input name="budget" inputMode="decimal" placeholder="25.00" value={budget} onChange={(e) => setBudget(e.target.value)} />
            </Field>
          </div>
          <Field label="Allowed models" hint="Model ids separated by commas. Empty: every model the organization allows." error={modelsError(error)}>
            <Input name="models" placeholder="openai/gpt-4o-mini, anthropic/claude-3-5-haiku" value={models} onChange={(e) => setModels(e.target.value)} />
          </Field>
          <ErrorBanner error={placed === null ? error : null} />
          <div className={styles.footer}>
            <Button type="submit" variant="primary" loading={create.isPending}>Create key</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

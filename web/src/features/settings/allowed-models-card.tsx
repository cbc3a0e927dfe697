import { X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { toast } from '../../components/toast';
import { useSetAllowedModels, type Organization } from './queries';
import styles from './settings.module.css';

/** Props of {@link AllowedModelsCard}. */
export interface AllowedModelsCardProps {
  readonly org: Organization;
  /** Catalogue model ids offered while typing (the catalogue as the organization sees it). */
  readonly catalogue: readonly string[];
}

/**
 * Which catalogue models the organization may call. An empty list allows every model, and the
 * card says so; the list is edited here and saved at once as a whole (the API replaces it).
 */
export function AllowedModelsCard({ org, catalogue }: AllowedModelsCardProps): ReactElement {
  const save = useSetAllowedModels(org.id);
  const listId = useId();
  const [draft, setDraft] = useState<readonly string[] | null>(null);
  const [entry, setEntry] = useState('');
  const models = draft ?? org.allowed_models;
  const dirty = draft !== null && (draft.length !== org.allowed_models.length || draft.some((m, i) => m !== org.allowed_models[i]));
  const editable = org.abilities.update;
  const add = (event: FormEvent) => {
    event.preventDefault();
    const id = entry.trim();
    if (id && !models.includes(id)) setDraft([...models, id]);
    setEntry('');
  };
  const commit = () =>
    save.mutate([...models], {
      onSuccess: (saved) => {
        setDraft(null);
        toast.success(saved.allowed_models.length === 0 ? 'Every model is allowed again.' : `${saved.allowed_models.length} allowed model${saved.allowed_models.length === 1 ? '' : 's'} saved.`);
      },
    });
  return (
    <Card title="Allowed models">
      <p className={styles.lead} data-testid="allowed-models-summary">
        {models.length === 0
          ? 'Every model in the catalogue is allowed: the list is empty. Add models to allow only those; keys and aliases can narrow it further, never widen it.'
          : `Only these ${models.length} model${models.length === 1 ? ' is' : 's are'} allowed; a request for any other model is refused. Empty the list to allow every model.`}
      </p>
      {models.length > 0 && (
        <ul className={styles.chips} aria-label="Allowed models">
          {models.map((model) => (
            <li key={model} className={styles.chip}>
              {model}
              {editable && (
                <Button size="sm" variant="ghost" iconOnly aria-label={`Remove ${model}`} onClick={() => setDraft(models.filter((m) => m !== model))}>
                  <X size={12} aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div className={styles.stack}>
          <form className={styles.fields} onSubmit={add}>
            <div className={styles.grow}>
              <Field label="Add a model" hint={catalogue.length > 0 ? 'Type to pick from the catalogue.' : 'A catalogue model id, such as openai/gpt-4o-mini.'}>
                <Input name="model" list={listId} autoComplete="off" value={entry} onChange={(e) => setEntry(e.target.value)} />
              </Field>
              <datalist id={listId}>
                {catalogue.filter((id) => !models.includes(id)).map((id) => <option key={id} value={id} />)}
              </datalist>
            </div>
            <Button type="submit" className={styles.besideInput} disabled={entry.trim() === ''}>Add</Button>
          </form>
          <ErrorBanner error={save.error} />
          <div className={styles.actions}>
            {dirty && <Badge tone="warning">Not saved yet</Badge>}
            {dirty && <Button onClick={() => setDraft(null)}>Discard</Button>}
            <Button variant="primary" disabled={!dirty} loading={save.isPending} onClick={commit}>Save allowed models</Button>
          </div>
        </div>
      )}
    </Card>
  );
}

import { Plus } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { SecretReveal } from '../../components/secret-reveal';
import { toast } from '../../components/toast';
import { EVENT_TYPE_LABELS, EVENT_TYPES } from './event-types';
import { useCreateEndpoint, type EventTypeChoice } from './queries';
import styles from './webhooks.module.css';
import textStyles from '../../styles/text.module.css';

/** Event types to subscribe to: every type (`*`, also future ones) or a chosen few. */
function EventTypesField({ all, chosen, onAll, onToggle, error }: {
  readonly all: boolean; readonly chosen: ReadonlySet<EventTypeChoice>; readonly onAll: (all: boolean) => void; readonly onToggle: (type: EventTypeChoice) => void; readonly error: string | null;
}): ReactElement {
  return (
    <fieldset className={styles.types} aria-describedby={error ? 'event-types-error' : undefined}>
      <legend>Events</legend>
      <label className={styles.check}><input type="radio" name="scope" checked={all} onChange={() => onAll(true)} />Every event, including types added later</label>
      <label className={styles.check}><input type="radio" name="scope" checked={!all} onChange={() => onAll(false)} />Only these:</label>
      {!all && EVENT_TYPES.map((type) => (
        <label key={type} className={styles.check}>
          <input type="checkbox" checked={chosen.has(type)} onChange={() => onToggle(type)} />
          <span><span className={styles.code}>{type}</span> — {EVENT_TYPE_LABELS[type]}</span>
        </label>
      ))}
      {error && <p id="event-types-error" className={styles.error}>{error}</p>}
    </fieldset>
  );
}

/** Register a receiver: URL, description, events; the signing secret is shown once. */
export function CreateEndpointDialog({ orgId }: { readonly orgId: string }): ReactElement {
  const create = useCreateEndpoint(orgId);
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<ReadonlySet<EventTypeChoice>>(new Set());
  const created = create.data;
  const reset = () => {
    setUrl('');
    setDescription('');
    setAll(true);
    setChosen(new Set());
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), description: description.trim(), event_types: all ? ['*'] : [...chosen] },
      { onSuccess: () => toast.success('Webhook endpoint added.') },
    );
  };
  const toggle = (type: EventTypeChoice) => {
    const next = new Set(chosen);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    setChosen(next);
  };
  const error = create.error;
  const typesError = !all && chosen.size === 0 ? null : fieldError(error, 'event_types');
  const banner = error && !fieldError(error, 'url') && !fieldError(error, 'description') && !fieldError(error, 'event_types') ? error : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Closing forgets the secret: it is never stored anywhere.
        if (!next) reset();
      }}
      trigger={<Button variant="primary"><Plus size={16} aria-hidden />Add endpoint</Button>}
      title={created ? 'Endpoint added' : 'Add a webhook endpoint'}
      description={created ? undefined : 'Events are POSTed to it as JSON, signed per Standard Webhooks.'}
      footer={created ? <DialogClose><Button variant="primary">Done</Button></DialogClose> : null}
    >
      {created ? (
        <>
          <SecretReveal secret={created.secret} what="signing secret" />
          <p className={textStyles.muted}>Verify each delivery with it (the standardwebhooks package, over the raw body). Deliveries start now.</p>
        </>
      ) : (
        <form className={styles.stack} onSubmit={submit}>
          <Field label="URL" hint="http:// or https://, without a user name or password." error={fieldError(error, 'url')}>
            <Input name="url" type="url" required autoFocus placeholder="https://example.com/webhooks/tf" value={url} onChange={(e) => setUrl(e.target.value)} />
          </Field>
          <Field label="Description" hint="Optional: what receives it." error={fieldError(error, 'description')}>
            <Input name="description" maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <EventTypesField all={all} chosen={chosen} onAll={setAll} onToggle={toggle} error={!all && chosen.size === 0 ? 'Choose at least one event, or every event.' : typesError} />
          <ErrorBanner error={banner} />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={create.isPending} disabled={!all && chosen.size === 0}>Add endpoint</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

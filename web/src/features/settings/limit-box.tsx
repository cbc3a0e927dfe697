import { useId, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { fieldError } from '../../api/api-error';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { Input } from '../../components/input';
import styles from './settings.module.css';
import textStyles from '../../styles/text.module.css';

/** Props of {@link LimitBox}. */
export interface LimitBoxProps {
  /** "Requests per minute". */
  readonly label: string;
  /** The API's field, to show its error under the box (`rpm`, `budget_usd`). */
  readonly param: string;
  /** The current value as text (`"600"`, `"25.000000000"`), or null for no limit. */
  readonly value: string | null;
  /** Whether the value is zero: every request refused. */
  readonly blocked: boolean;
  /** The value as people read it (`600 / min`, `$25.00 a month`). */
  readonly display: ReactNode;
  /** What the limit does, in words. */
  readonly help: string;
  readonly canEdit: boolean;
  /** `integer` for rpm/tpm, `usd` for a budget ("25.00"). */
  readonly kind: 'integer' | 'usd';
  readonly pending: boolean;
  readonly error: unknown;
  /** Save a value (text as typed) or null (no limit). */
  readonly onSave: (value: string | null) => void;
}

/**
 * One limit: "No limit" (null) and "Blocked" (0) look different, in words and colour; the editor
 * chooses between no limit and a value, and says that 0 blocks.
 */
export function LimitBox({ label, param, value, blocked, display, help, canEdit, kind, pending, error, onSave }: LimitBoxProps): ReactElement {
  const id = useId();
  const [mode, setMode] = useState<'none' | 'limit'>(value === null ? 'none' : 'limit');
  const [text, setText] = useState(value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(mode === 'none' ? null : text.trim());
  };
  const status = value === null ? <Badge>No limit</Badge> : blocked ? <Badge tone="danger">Blocked</Badge> : <Badge tone="success">Limited</Badge>;
  return (
    <section className={styles.limit} aria-labelledby={`${id}-name`} data-testid={`limit-${param}`}>
      <div className={styles.limitHead}>
        <span id={`${id}-name`} className={styles.limitName}>{label}</span>
        {status}
      </div>
      <div className={blocked && value !== null ? styles.limitBlocked : styles.limitValue}>{value === null ? 'Unlimited' : blocked ? 'Blocked (0)' : display}</div>
      <p className={textStyles.muted}>{value !== null && blocked ? 'Zero: every request is refused until this is raised or removed.' : help}</p>
      {canEdit && (
        <form className={styles.stack} onSubmit={submit}>
          <fieldset className={styles.choices}>
            <legend className="visually-hidden">{label}</legend>
            <label className={styles.inline}>
              <input type="radio" name={`${id}-mode`} checked={mode === 'none'} onChange={() => setMode('none')} />
              No limit
            </label>
            <label className={styles.inline}>
              <input type="radio" name={`${id}-mode`} checked={mode === 'limit'} onChange={() => setMode('limit')} />
              Limit to
            </label>
          </fieldset>
          {mode === 'limit' && (
            <div className={styles.stack}>
              <Input
                aria-label={`${label} limit`}
                inputMode={kind === 'usd' ? 'decimal' : 'numeric'}
                pattern={kind === 'usd' ? '\\d{1,12}(\\.\\d{1,9})?' : '\\d{1,10}'}
                title={kind === 'usd' ? 'A USD amount such as 25.00' : 'A whole number'}
                required
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <span className={textStyles.muted}>0 blocks every request.</span>
            </div>
          )}
          {fieldError(error, param) ? <p className={styles.error} role="alert">{fieldError(error, param)}</p> : <ErrorBanner error={error} />}
          <div className={styles.actions}>
            <Button type="submit" size="sm" loading={pending}>Save {label.toLowerCase()}</Button>
          </div>
        </form>
      )}
    </section>
  );
}

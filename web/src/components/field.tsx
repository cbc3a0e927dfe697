import { createContext, useContext, useId, type ReactElement, type ReactNode } from 'react';
import styles from './field.module.css';

/** What a control inside a {@link Field} needs to be labelled and described. */
export interface FieldControlProps {
  readonly id: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: true;
}

const FieldContext = createContext<FieldControlProps | null>(null);

/** The id, description and validity a control takes from its {@link Field} (none outside one). */
export function useFieldControl(): FieldControlProps | null {
  return useContext(FieldContext);
}

/** Props of {@link Field}. */
export interface FieldProps {
  /** What the person types, in words. */
  readonly label: string;
  /** Help shown under the control. */
  readonly hint?: ReactNode;
  /** The error of this field (the API's message for its `param`, or a form rule), shown in words under it. */
  readonly error?: string | null;
  /** One control: {@link Input}, {@link Select} or a textarea reading {@link useFieldControl}. */
  readonly children: ReactNode;
}

/** A labelled form control with its hint and error, wired for screen readers. */
export function Field({ label, hint, error, children }: FieldProps): ReactElement {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = { id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true as const } : {}) };
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>{label}</label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {error && <p id={errorId} className={styles.error}>{error}</p>}
      {hint && <p id={hintId} className={styles.hint}>{hint}</p>}
    </div>
  );
}

import type { ReactElement, TextareaHTMLAttributes } from 'react';
import { useFieldControl } from '../../components/field';
import { cx } from '../../lib/cx';
import styles from './playground.module.css';

/** A multi-line input labelled by its Field; `code` for JSON. */
export function Textarea({ code = false, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { readonly code?: boolean }): ReactElement {
  const control = useFieldControl();
  return <textarea className={cx(styles.textarea, code && styles.code, className)} spellCheck={!code} {...control} {...rest} />;
}

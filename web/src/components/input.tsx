import type { InputHTMLAttributes, ReactElement, Ref } from 'react';
import { cx } from '../lib/cx';
import { useFieldControl } from './field';
import styles from './field.module.css';

/** Props of {@link Input}. */
export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly ref?: Ref<HTMLInputElement>;
}

/** A text input; inside a {@link Field} it is labelled and described by it. */
export function Input({ className, ...rest }: InputProps): ReactElement {
  const control = useFieldControl();
  return <input className={cx(styles.control, className)} {...control} {...rest} />;
}

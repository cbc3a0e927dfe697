import type { ReactElement, Ref, SelectHTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import { useFieldControl } from './field';
import styles from './field.module.css';

/** One choice of a {@link Select}. */
export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** Props of {@link Select}. */
export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  readonly options: readonly SelectOption[];
  readonly ref?: Ref<HTMLSelectElement>;
}

/**
 * A native select, styled: the platform's own picker is the most accessible one there is,
 * and on a phone the best to use.
 */
export function Select({ options, className, ...rest }: SelectProps): ReactElement {
  const control = useFieldControl();
  return (
    <select className={cx(styles.control, className)} {...control} {...rest}>
      {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
    </select>
  );
}

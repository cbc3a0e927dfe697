import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes, ReactElement, Ref } from 'react';
import { cx } from '../lib/cx';
import styles from './button.module.css';

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary`: the one main action of a view; `danger`: destroys something; `ghost`: toolbar and icon buttons. */
  readonly variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  readonly size?: 'sm' | 'md';
  /** A square button holding only an icon; give it an `aria-label`. */
  readonly iconOnly?: boolean;
  /** Shows a spinner and disables the button while an action runs. */
  readonly loading?: boolean;
  /** Render the child element (a router `<Link>`) with the button's look. */
  readonly asChild?: boolean;
  readonly ref?: Ref<HTMLButtonElement>;
}

/** The one button of the console. */
export function Button({ variant = 'secondary', size = 'md', iconOnly = false, loading = false, asChild = false, className, children, disabled, type, ...rest }: ButtonProps): ReactElement {
  const classes = cx(styles.button, styles[variant], size === 'sm' && styles.sm, iconOnly && styles.icon, className);
  if (asChild) return <Slot.Root className={classes} {...rest}>{children}</Slot.Root>;
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled === true || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

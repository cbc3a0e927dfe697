import type { ReactElement, ReactNode } from 'react';
import styles from './card.module.css';

/** A bordered section of a page, with an optional heading (an <h2>). */
export function Card({ title, children }: { readonly title?: string; readonly children: ReactNode }): ReactElement {
  return (
    <section className={styles.card} {...(title ? { 'aria-label': title } : {})}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {children}
    </section>
  );
}

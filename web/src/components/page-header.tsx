import { useEffect, type ReactElement, type ReactNode } from 'react';
import styles from './page-header.module.css';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** The page's name; also the document title. */
  readonly title: string;
  readonly description?: ReactNode;
  /** The page's actions (its primary action last), only those the person may use. */
  readonly actions?: ReactNode;
}

/** The heading of a page (its one <h1>), its description and actions; sets the tab's title. */
export function PageHeader({ title, description, actions }: PageHeaderProps): ReactElement {
  useEffect(() => {
    document.title = `${title} · tf-gateway`;
  }, [title]);
  return (
    <div className={styles.header}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

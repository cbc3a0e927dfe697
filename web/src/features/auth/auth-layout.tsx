import { useEffect, type ReactElement, type ReactNode } from 'react';
import logo from '../../assets/favicon.svg';
import styles from './auth-layout.module.css';

/** Props of {@link AuthLayout}. */
export interface AuthLayoutProps {
  /** The page's heading; also the document title. */
  readonly title: string;
  readonly subtitle?: ReactNode;
  /** Links under the card ("No account? Sign up"). */
  readonly footer?: ReactNode;
  readonly children: ReactNode;
}

/** The frame of the pages a person sees signed out: sign in, sign up, sign out, accept invite. */
export function AuthLayout({ title, subtitle, footer, children }: AuthLayoutProps): ReactElement {
  useEffect(() => {
    document.title = `${title} · tf-gateway`;
  }, [title]);
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brand}>
          <img src={logo} alt="" width={28} height={28} />
          tf-gateway
        </div>
        <div className={styles.card}>
          <div>
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <p className={styles.footer}>{footer}</p>}
      </div>
    </main>
  );
}

/** Shared class names of the auth pages' forms. */
export const authStyles = styles;

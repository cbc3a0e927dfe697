import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Time } from '../../components/time';
import { useMe } from '../shell/current-scope';
import { roleLabel } from '../shell/role-label';
import styles from './me.module.css';
import textStyles from '../../styles/text.module.css';

/** Who the person is and where they belong. */
export function ProfilePanel(): ReactElement {
  const me = useMe();
  return (
    <div className={styles.stack}>
      <Card title="Profile">
        <dl className={styles.facts}>
          <dt>Name</dt>
          <dd>{me.user?.name ?? 'Platform operator'}</dd>
          <dt>Email</dt>
          <dd>{me.user?.email ?? '—'}</dd>
          <dt>Member since</dt>
          <dd><Time iso={me.user?.created_at ?? null} format="date" /></dd>
        </dl>
      </Card>
      <Card title="Organizations">
        <ul className={styles.orgs}>
          {me.organizations.map((org) => (
            <li key={org.id} className={styles.org}>
              <span>{org.name}{org.personal && <span className={textStyles.muted}> (personal)</span>}</span>
              <Badge tone={org.role === 'owner' ? 'accent' : 'neutral'}>{roleLabel(org.role)}</Badge>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

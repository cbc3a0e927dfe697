import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';
import styles from './models.module.css';
import type { OrgModel } from './queries';

const CAPABILITIES: readonly { readonly key: keyof OrgModel['capabilities']; readonly label: string }[] = [
  { key: 'tools', label: 'Tools' },
  { key: 'json_object', label: 'JSON mode' },
  { key: 'json_schema', label: 'JSON schema' },
  { key: 'vision', label: 'Vision' },
  { key: 'reasoning', label: 'Reasoning' },
];

/** What the model can do, one word badge per capability it has. */
export function CapabilityBadges({ model }: { readonly model: OrgModel }): ReactElement {
  const had = CAPABILITIES.filter((c) => model.capabilities[c.key]);
  if (had.length === 0) return <span>—</span>;
  return <span className={styles.badges}>{had.map((c) => <Badge key={c.key}>{c.label}</Badge>)}</span>;
}

/** Active, deprecated or retired, and, when upstreams are failing, how much of it still serves. */
export function StatusBadge({ model }: { readonly model: OrgModel }): ReactElement {
  const lifecycle = model.status === 'active'
    ? <Badge tone="success">Active</Badge>
    : model.status === 'retired' ? <Badge tone="danger">Retired</Badge> : <Badge tone="warning">Deprecated</Badge>;
  if (model.health === 'serving' || model.status === 'retired') return lifecycle;
  return (
    <span className={styles.badges}>
      {lifecycle}
      {model.health === 'degraded'
        ? <Badge tone="warning">Degraded: some upstreams cooling down</Badge>
        : <Badge tone="danger">Unavailable: every upstream cooling down</Badge>}
    </span>
  );
}

/** Whether the organization's allowed-models setting lets its keys call the model. */
export function AllowedBadge({ model }: { readonly model: OrgModel }): ReactElement {
  return model.allowed ? <Badge tone="accent">Allowed</Badge> : <Badge>Not allowed</Badge>;
}

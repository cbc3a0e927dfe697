import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';
import { Dialog } from '../../components/dialog';
import { Time } from '../../components/time';
import { actionLabel, AUDIT_TARGETS } from './actions';
import styles from './audit-log.module.css';
import textStyles from '../../styles/text.module.css';
import { changeRows } from './change-rows';
import type { AuditEntry } from './queries';

/** Who made a change, in words. */
export function actorText(entry: AuditEntry): string {
  if (entry.actor.kind === 'operator') return 'Platform operator';
  if (entry.actor.kind === 'system') return 'The gateway';
  return entry.actor.name ?? entry.actor.user_id ?? 'Unknown person';
}

/** Props of {@link EntryDialog}. */
export interface EntryDialogProps {
  /** The open entry, or null when none is. */
  readonly entry: AuditEntry | null;
  readonly onClose: () => void;
}

/** One entry: who, when, from where, on what, and each field before and after. */
export function EntryDialog({ entry, onClose }: EntryDialogProps): ReactElement {
  const rows = entry ? changeRows(entry.before, entry.after) : [];
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()} title={entry ? actionLabel(entry.action) : 'Audit entry'} description={entry ? <code>{entry.action}</code> : undefined}>
      {entry && (
        <div className={styles.stack}>
          <dl className={styles.facts}>
            <dt>When</dt>
            <dd><Time iso={entry.created_at} /></dd>
            <dt>Who</dt>
            <dd>{actorText(entry)}{entry.actor.email && <span className={textStyles.muted}> ({entry.actor.email})</span>}</dd>
            <dt>On what</dt>
            <dd>{AUDIT_TARGETS[entry.target.type] ?? entry.target.type} <code className={styles.code}>{entry.target.id}</code></dd>
            <dt>From</dt>
            <dd>{entry.ip ?? '—'}{entry.user_agent && <div className={textStyles.muted}>{entry.user_agent}</div>}</dd>
          </dl>
          {rows.length === 0 ? (
            <p className={textStyles.muted}>This entry records no fields.</p>
          ) : (
            <div className={styles.frame}>
              <table className={styles.diff} aria-label="Change">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.field} className={row.changed ? styles.changed : undefined}>
                      <th scope="row">
                        {row.field}
                        {row.changed && <> <Badge tone="accent">Changed</Badge></>}
                      </th>
                      <td><code className={styles.code}>{row.before ?? '—'}</code></td>
                      <td><code className={styles.code}>{row.after ?? '—'}</code></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

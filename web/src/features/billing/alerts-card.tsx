import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Money } from '../../components/money';
import { toast } from '../../components/toast';
import styles from './billing.module.css';
import textStyles from '../../styles/text.module.css';
import { useUpdateAlerts, type BalanceAlerts } from './queries';

/** A threshold as the form holds it: the API's decimal string without trailing zeros, or empty for off. */
function asInput(usd: string | null): string {
  if (usd === null) return '';
  return usd.includes('.') ? usd.replace(/0+$/, '').replace(/\.$/, '') : usd;
}

function Threshold({ label, usd, triggered }: { readonly label: string; readonly usd: string | null; readonly triggered: boolean }): ReactElement {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd>
        {usd === null ? <span className={textStyles.muted}>Off</span> : <Money usd={usd} />}{' '}
        {triggered && <Badge tone="warning">Balance below</Badge>}
      </dd>
    </div>
  );
}

function AlertsForm({ orgId, alerts, onDone }: { readonly orgId: string; readonly alerts: BalanceAlerts; readonly onDone: () => void }): ReactElement {
  const update = useUpdateAlerts(orgId);
  const [low, setLow] = useState(asInput(alerts.low_threshold_usd));
  const [critical, setCritical] = useState(asInput(alerts.critical_threshold_usd));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { low_threshold_usd: low.trim() === '' ? null : low.trim(), critical_threshold_usd: critical.trim() === '' ? null : critical.trim() },
      { onSuccess: () => { toast.success('Alert thresholds saved.'); onDone(); } },
    );
  };
  const error = update.error;
  const lowError = fieldError(error, 'low_threshold_usd') ?? fieldError(error, 'lowThresholdUsd');
  const criticalError = fieldError(error, 'critical_threshold_usd') ?? fieldError(error, 'criticalThresholdUsd');
  return (
    <form className={styles.form} onSubmit={submit}>
      <Field label="Low balance (USD)" hint="Empty turns it off." error={lowError}>
        <Input name="low" inputMode="decimal" placeholder="e.g. 20.00" value={low} onChange={(e) => setLow(e.target.value)} />
      </Field>
      <Field label="Critical balance (USD)" hint="Below the low one. Empty turns it off." error={criticalError}>
        <Input name="critical" inputMode="decimal" placeholder="e.g. 5.00" value={critical} onChange={(e) => setCritical(e.target.value)} />
      </Field>
      {!lowError && !criticalError && <div className={styles.formActions}><ErrorBanner error={error} /></div>}
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" loading={update.isPending}>Save thresholds</Button>
        <Button type="button" variant="ghost" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

/** Balance alerts: owners and billing admins are notified (and webhooks called) when the balance falls below one. */
export function AlertsCard({ orgId, alerts, canManage }: { readonly orgId: string; readonly alerts: BalanceAlerts; readonly canManage: boolean }): ReactElement {
  const [editing, setEditing] = useState(false);
  return (
    <Card title="Balance alerts">
      {editing ? (
        <AlertsForm orgId={orgId} alerts={alerts} onDone={() => setEditing(false)} />
      ) : (
        <div className={styles.toolbar}>
          <dl className={styles.figures}>
            <Threshold label="Low balance" usd={alerts.low_threshold_usd} triggered={alerts.low_triggered} />
            <Threshold label="Critical balance" usd={alerts.critical_threshold_usd} triggered={alerts.critical_triggered} />
          </dl>
          {canManage && <Button onClick={() => setEditing(true)}>Edit thresholds</Button>}
        </div>
      )}
      <p className={textStyles.muted}>Owners and billing admins get a notification, and webhooks the event, each time the balance falls below a threshold.</p>
    </Card>
  );
}

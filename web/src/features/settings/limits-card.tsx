import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Card } from '../../components/card';
import { ErrorBanner } from '../../components/error-banner';
import { Money } from '../../components/money';
import { toast } from '../../components/toast';
import { parseUsdNano } from '../../lib/money';
import { LimitBox } from './limit-box';
import { limitsQuery, useSetBudget, useUpdateLimits } from './queries';
import styles from './settings.module.css';
import { formatCount } from '../../lib/count';


/** The project's rpm, tpm and monthly budget: null (no limit) and 0 (blocked) shown differently. */
export function LimitsCard({ projectId }: { readonly projectId: string }): ReactElement {
  const limits = useQuery(limitsQuery(projectId));
  const update = useUpdateLimits(projectId);
  const budget = useSetBudget(projectId);
  const data = limits.data;
  const rate = (field: 'rpm' | 'tpm') => (text: string | null) =>
    update.mutate({ [field]: text === null ? null : Number(text) }, { onSuccess: () => toast.success(`${field === 'rpm' ? 'Requests' : 'Tokens'} per minute saved.`) });
  return (
    <Card title="Limits and budget">
      <p className={styles.lead}>Limits hold for the whole project, across all its keys and every gateway process. Keys can have budgets of their own too.</p>
      <ErrorBanner error={limits.error} />
      {data && (
        <div className={styles.limitGrid}>
          <LimitBox
            key={`rpm-${data.rpm}`}
            label="Requests per minute"
            param="rpm"
            value={data.rpm === null ? null : String(data.rpm)}
            blocked={data.rpm === 0}
            display={`${formatCount(data.rpm ?? 0)} / min`}
            help={data.rpm === null ? 'Requests are not limited per minute.' : 'More requests in a minute are refused with 429.'}
            canEdit={data.abilities.manage_limits}
            kind="integer"
            pending={update.isPending && update.variables?.rpm !== undefined}
            error={update.variables?.rpm !== undefined ? update.error : null}
            onSave={rate('rpm')}
          />
          <LimitBox
            key={`tpm-${data.tpm}`}
            label="Tokens per minute"
            param="tpm"
            value={data.tpm === null ? null : String(data.tpm)}
            blocked={data.tpm === 0}
            display={`${formatCount(data.tpm ?? 0)} / min`}
            help={data.tpm === null ? 'Tokens are not limited per minute.' : 'Requests past this many tokens in a minute are refused with 429.'}
            canEdit={data.abilities.manage_limits}
            kind="integer"
            pending={update.isPending && update.variables?.tpm !== undefined}
            error={update.variables?.tpm !== undefined ? update.error : null}
            onSave={rate('tpm')}
          />
          <LimitBox
            key={`budget-${data.budget_usd}`}
            label="Monthly budget"
            param="budget_usd"
            value={data.budget_usd}
            blocked={data.budget_usd !== null && parseUsdNano(data.budget_usd) === 0n}
            display={<><Money usd={data.budget_usd} /> a month</>}
            help={data.budget_usd === null ? 'Spending is limited only by the balance.' : 'Once this UTC month’s spend reaches it, requests are refused until the month ends.'}
            canEdit={data.abilities.manage_budget}
            kind="usd"
            pending={budget.isPending}
            error={budget.error}
            onSave={(text) => budget.mutate(text, { onSuccess: () => toast.success('Monthly budget saved.') })}
          />
        </div>
      )}
    </Card>
  );
}

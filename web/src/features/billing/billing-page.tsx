import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { PageHeader } from '../../components/page-header';
import { TabPanel, Tabs } from '../../components/tabs';
import { useCurrentOrg } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import { BalancePanel } from './balance-panel';
import { FollowedPayment } from './followed-payment';
import { LedgerPanel } from './ledger-panel';
import { PaymentsPanel } from './payments-panel';
import { usePendingPaymentsWatch } from './queries';
import type { BillingTab } from './routes';
import { StatementsPanel } from './statements-panel';
import { TopUpDialog } from './top-up-dialog';

const TABS: readonly { readonly value: BillingTab; readonly label: string }[] = [
  { value: 'balance', label: 'Balance' },
  { value: 'payments', label: 'Payments' },
  { value: 'ledger', label: 'Ledger' },
  { value: 'statements', label: 'Statements' },
];

/** The organization's money: balance, credit buckets, alerts, top-ups, payments, ledger, statements. */
export function BillingPage(): ReactElement {
  const org = useCurrentOrg()!;
  if (!org.abilities.read_billing) return <NoAccessPage title="Billing" />;
  return <Billing />;
}

function Billing(): ReactElement {
  const org = useCurrentOrg()!;
  const search = useSearch({ from: '/app/orgs/$orgId/billing' });
  const navigate = useNavigate({ from: '/orgs/$orgId/billing' });
  const tab = search.tab ?? 'balance';
  // Watching pending top-ups here, whichever tab is open, brings the new balance without a reload.
  usePendingPaymentsWatch(org.id);
  const canManage = org.abilities.manage_billing;
  return (
    <>
      <PageHeader
        title="Billing"
        description="The organization's prepaid balance: what it holds, what is pending, where the money went."
        actions={canManage ? <TopUpDialog orgId={org.id} /> : null}
      />
      {search.payment && <FollowedPayment orgId={org.id} paymentId={search.payment} onDismiss={() => void navigate({ search: ({ payment: _, ...rest }) => rest })} />}
      <Tabs label="Billing" value={tab} tabs={TABS} onValueChange={(next) => void navigate({ search: ({ tab: _, status: __, ...rest }) => (next === 'balance' ? rest : { ...rest, tab: next }) })}>
        <TabPanel value="balance"><BalancePanel orgId={org.id} canManage={canManage} /></TabPanel>
        <TabPanel value="payments"><PaymentsPanel orgId={org.id} status={search.status} /></TabPanel>
        <TabPanel value="ledger"><LedgerPanel orgId={org.id} month={search.month} /></TabPanel>
        <TabPanel value="statements"><StatementsPanel orgId={org.id} month={search.month} /></TabPanel>
      </Tabs>
    </>
  );
}

import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { PageHeader } from '../../components/page-header';
import { TabPanel, Tabs } from '../../components/tabs';
import { AccessTokensPanel } from './access-tokens-panel';
import { NotificationsPanel } from './notifications-panel';
import { ProfilePanel } from './profile-panel';
import type { MeTab } from './routes';

const TABS: readonly { readonly value: MeTab; readonly label: string }[] = [
  { value: 'profile', label: 'Profile' },
  { value: 'tokens', label: 'Access tokens' },
  { value: 'notifications', label: 'Notifications' },
];

/** The person's account: profile, access tokens for scripts, notifications. The tab is in the URL. */
export function MePage(): ReactElement {
  const search = useSearch({ from: '/app/me' });
  const navigate = useNavigate({ from: '/me' });
  const tab = search.tab ?? 'profile';
  return (
    <>
      <PageHeader title="Your account" description="Your profile, the access tokens your scripts use, and your notifications." />
      <Tabs label="Account" value={tab} tabs={TABS} onValueChange={(next) => void navigate({ search: next === 'profile' ? {} : { tab: next } })}>
        <TabPanel value="profile"><ProfilePanel /></TabPanel>
        <TabPanel value="tokens"><AccessTokensPanel /></TabPanel>
        <TabPanel value="notifications"><NotificationsPanel /></TabPanel>
      </Tabs>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { PageHeader } from '../../components/page-header';
import { useCurrentOrg } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import { AliasesCard } from './aliases-card';
import { AllowedModelsCard } from './allowed-models-card';
import { GeneralCard } from './general-card';
import { ProjectAccessCard } from './project-access-card';
import { ProjectsCard } from './projects-card';
import { orgQuery } from './queries';
import styles from './settings.module.css';
import { useCatalogueIds } from './use-catalogue-ids';

/** The organization's settings: name and kind, projects, project access, allowed models, aliases. */
export function OrgSettingsPage(): ReactElement {
  const current = useCurrentOrg();
  const org = useQuery({ ...orgQuery(current?.id ?? ''), enabled: current !== null });
  const catalogue = useCatalogueIds(current?.id ?? null);
  if (!current || !current.abilities.read) return <NoAccessPage title="Settings" />;
  return (
    <>
      <PageHeader title="Settings" description={`How ${current.name} works: its name, projects, who reaches which project, which models it may call and the aliases clients send.`} />
      {org.error && <ErrorBanner error={org.error} />}
      {org.data && (
        <div className={styles.cards}>
          <GeneralCard key={org.data.name} org={org.data} />
          <ProjectsCard org={org.data} />
          <ProjectAccessCard org={org.data} />
          <AllowedModelsCard org={org.data} catalogue={catalogue} />
          <AliasesCard scope={{ kind: 'org', orgId: org.data.id }} orgId={org.data.id} canManage={org.data.abilities.manage_aliases} catalogue={catalogue} />
        </div>
      )}
    </>
  );
}

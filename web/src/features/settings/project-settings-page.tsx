import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../components/toast';
import { useCurrentOrg, useCurrentProject } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import type { MeProject } from '../shell/queries';
import { AliasesCard } from './aliases-card';
import { LimitsCard } from './limits-card';
import { ProjectMembersCard } from './project-members-card';
import { orgQuery, useRenameProject } from './queries';
import styles from './settings.module.css';
import { useCatalogueIds } from './use-catalogue-ids';

function RenameCard({ project }: { readonly project: MeProject }): ReactElement {
  const rename = useRenameProject(project.org_id, project.id);
  const [name, setName] = useState(project.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name.trim(), { onSuccess: (saved) => toast.success(`The project is now called “${saved.name}”.`) });
  };
  return (
    <Card title="Project">
      <form className={styles.stack} onSubmit={submit}>
        <div className={styles.row}>
          <div className={styles.grow}>
            <Field label="Project name" error={fieldError(rename.error, 'name')}>
              <Input name="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
          </div>
          <Button type="submit" loading={rename.isPending} disabled={name.trim() === project.name}>Rename</Button>
        </div>
        {!fieldError(rename.error, 'name') && <ErrorBanner error={rename.error} />}
      </form>
    </Card>
  );
}

/** One project's settings: name, members, aliases, and its limits and budget. */
export function ProjectSettingsPage(): ReactElement {
  const org = useCurrentOrg();
  const project = useCurrentProject();
  const orgSettings = useQuery({ ...orgQuery(org?.id ?? ''), enabled: org !== null });
  const catalogue = useCatalogueIds(org?.id ?? null);
  if (!org || !project || !project.abilities.read) return <NoAccessPage title="Project settings" />;
  return (
    <>
      <PageHeader title="Project settings" description={`${project.name}: its members, aliases, rate limits and monthly budget.`} />
      <div className={styles.cards}>
        {project.abilities.update && <RenameCard key={project.id + project.name} project={project} />}
        <ProjectMembersCard
          key={`members-${project.id}`}
          orgId={org.id}
          projectId={project.id}
          projectName={project.name}
          access={orgSettings.data?.project_access ?? null}
          canManage={project.abilities.manage_members}
        />
        <AliasesCard key={`aliases-${project.id}`} scope={{ kind: 'project', projectId: project.id }} orgId={org.id} canManage={project.abilities.manage_aliases} catalogue={catalogue} />
        <LimitsCard key={`limits-${project.id}`} projectId={project.id} />
      </div>
    </>
  );
}

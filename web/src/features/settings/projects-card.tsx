import { Link } from '@tanstack/react-router';
import { FolderPlus, Plus } from 'lucide-react';
import { useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { useCursorList } from '../../api/cursor-list';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Time } from '../../components/time';
import { toast } from '../../components/toast';
import { roleLabel } from '../shell/role-label';
import { projectsList, useCreateProject, type Organization, type Project } from './queries';
import styles from './settings.module.css';
import textStyles from '../../styles/text.module.css';

function CreateProjectDialog({ orgId }: { readonly orgId: string }): ReactElement {
  const create = useCreateProject(orgId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (project) => {
        toast.success(`Project “${project.name}” created.`);
        setOpen(false);
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setName('');
          create.reset();
        }
      }}
      trigger={<Button><Plus size={16} aria-hidden />Create project</Button>}
      title="Create a project"
      description="A project holds keys, aliases, limits and a budget; usage is reported per project."
    >
      <form className={styles.stack} onSubmit={submit}>
        <Field label="Project name" error={fieldError(create.error, 'name')}>
          <Input name="name" required maxLength={100} autoFocus value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        {!fieldError(create.error, 'name') && <ErrorBanner error={create.error} />}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={create.isPending}>Create project</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The projects the person reaches, each linking to its settings; creation for those allowed. */
export function ProjectsCard({ org }: { readonly org: Organization }): ReactElement {
  const list = useCursorList(projectsList(org.id));
  const columns = useMemo((): DataColumns<Project> => {
    const col = dataColumns<Project>();
    return col.columns([
      col.accessor('name', {
        header: 'Project',
        cell: (info) => (
          <Link to="/orgs/$orgId/projects/$projectId/settings" params={{ orgId: org.id, projectId: info.row.original.id }}>{info.getValue()}</Link>
        ),
      }),
      col.accessor('role', { header: 'Your project role', cell: (info) => (info.getValue() === null ? <span className={textStyles.muted}>None (organization role)</span> : roleLabel(info.getValue())) }),
      col.accessor('created_at', { header: 'Created', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} format="date" /> }),
    ]);
  }, [org.id]);
  const create = org.abilities.create_project ? <CreateProjectDialog orgId={org.id} /> : null;
  return (
    <Card title="Projects">
      <div className={styles.stack}>
        <DataTable
          label="Projects"
          columns={columns}
          list={list}
          rowId={(project) => project.id}
          empty={<EmptyState icon={<FolderPlus size={28} />} title="No projects you can reach" action={create}>Projects hold keys, aliases, limits and budgets.</EmptyState>}
        />
        {create && list.rows.length > 0 && <div className={styles.actions}>{create}</div>}
      </div>
    </Card>
  );
}

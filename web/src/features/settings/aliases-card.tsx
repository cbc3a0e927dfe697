import { Plus, Tags } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList, type CursorList } from '../../api/cursor-list';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { toast } from '../../components/toast';
import { AliasDialog } from './alias-dialog';
import { resolveAlias } from './alias-resolution';
import { orgAliasesList, projectAliasesList, useDeleteAlias, type AliasScope, type ModelAlias } from './queries';
import styles from './settings.module.css';
import textStyles from '../../styles/text.module.css';

/** Props of {@link AliasesCard}. */
export interface AliasesCardProps {
  readonly scope: AliasScope;
  /** The organization the aliases belong to (for a project: to resolve its aliases through the organization's). */
  readonly orgId: string;
  /** Whether the person may create, edit and delete aliases here (from abilities). */
  readonly canManage: boolean;
  /** Catalogue ids offered as targets. */
  readonly catalogue: readonly string[];
}

function Resolution({ alias, orgAliases }: { readonly alias: ModelAlias; readonly orgAliases: readonly ModelAlias[] }): ReactElement {
  const resolved = resolveAlias(alias.target, alias.project_id === null ? [] : orgAliases);
  const modifiers = resolved.modifiers.length > 0 ? ` with @${resolved.modifiers.join(' @')}` : '';
  if (resolved.viaOrgAlias) {
    return (
      <div className={styles.resolves}>
        <span className={textStyles.muted}>Organization alias {resolved.viaOrgAlias.name}{modifiers}, which stands for</span>
        <code className={styles.code}>{resolved.viaOrgAlias.target}</code>
      </div>
    );
  }
  return (
    <div className={styles.resolves}>
      <code className={styles.code}>{resolved.base}</code>
      <span className={textStyles.muted}>{resolved.modifiers.length > 0 ? `catalogue model${modifiers}` : 'catalogue model, its default version'}</span>
    </div>
  );
}

function DeleteAlias({ scope, alias }: { readonly scope: AliasScope; readonly alias: ModelAlias }): ReactElement {
  const remove = useDeleteAlias(scope);
  return (
    <ConfirmDialog
      trigger={<Button size="sm" variant="ghost" aria-label={`Delete alias ${alias.name}`}>Delete</Button>}
      title={`Delete alias “${alias.name}”?`}
      description={`Requests that send “${alias.name}” as the model are refused as an unknown model from then on.`}
      confirmLabel="Delete alias"
      onConfirm={async () => {
        await remove.mutateAsync(alias.id);
        toast.success(`Alias “${alias.name}” deleted.`);
      }}
    />
  );
}

/** The aliases of an organization or a project: name, what it points to, and what that resolves to. */
export function AliasesCard(props: AliasesCardProps): ReactElement {
  const orgList = useCursorList(orgAliasesList(props.orgId));
  if (props.scope.kind === 'org') return <AliasesTable {...props} list={orgList} orgAliases={orgList.rows} />;
  return <ProjectAliases {...props} projectId={props.scope.projectId} orgAliases={orgList.rows} />;
}

function ProjectAliases(props: AliasesCardProps & { readonly projectId: string; readonly orgAliases: readonly ModelAlias[] }): ReactElement {
  const list = useCursorList(projectAliasesList(props.projectId));
  return <AliasesTable {...props} list={list} />;
}

function AliasesTable({ scope, canManage, catalogue, list, orgAliases }: AliasesCardProps & { readonly list: CursorList<ModelAlias>; readonly orgAliases: readonly ModelAlias[] }): ReactElement {
  const suggestions = useMemo(() => (scope.kind === 'project' ? [...orgAliases.map((a) => a.name), ...catalogue] : [...catalogue]), [scope.kind, orgAliases, catalogue]);
  const columns = useMemo((): DataColumns<ModelAlias> => {
    const col = dataColumns<ModelAlias>();
    return col.columns([
      col.accessor('name', { header: 'Alias', cell: (info) => <code className={styles.code}>{info.getValue()}</code> }),
      col.accessor('target', { header: 'Points to', cell: (info) => <code className={styles.code}>{info.getValue()}</code> }),
      col.display({ id: 'resolves', header: 'Resolves to', cell: (info) => <Resolution alias={info.row.original} orgAliases={orgAliases} /> }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        meta: { align: 'right', nowrap: true },
        cell: (info) =>
          info.row.original.abilities.update ? (
            <>
              <AliasDialog scope={scope} alias={info.row.original} suggestions={suggestions} trigger={<Button size="sm" variant="ghost" aria-label={`Edit alias ${info.row.original.name}`}>Edit</Button>} />
              {info.row.original.abilities.delete && <DeleteAlias scope={scope} alias={info.row.original} />}
            </>
          ) : null,
      }),
    ]);
  }, [scope, orgAliases, suggestions]);
  const create = canManage ? <AliasDialog scope={scope} suggestions={suggestions} trigger={<Button><Plus size={16} aria-hidden />Create alias</Button>} /> : null;
  return (
    <Card title={scope.kind === 'org' ? 'Organization aliases' : 'Project aliases'}>
      <div className={styles.stack}>
        <p className={styles.lead}>
          {scope.kind === 'org'
            ? 'Names clients send as the model, standing for a catalogue model (with @ modifiers if you like). Change the target and every client follows at once.'
            : 'Names only this project’s keys can send as the model. A project alias wins over an organization alias of the same name, and may point at one.'}
        </p>
        <DataTable
          label={scope.kind === 'org' ? 'Organization aliases' : 'Project aliases'}
          columns={columns}
          list={list}
          rowId={(alias) => alias.id}
          stackOnPhone
          empty={<EmptyState icon={<Tags size={28} />} title="No aliases yet" action={create}>An alias lets clients keep sending one name while you change the model behind it.</EmptyState>}
        />
        {create && list.rows.length > 0 && <div className={styles.actions}>{create}</div>}
      </div>
    </Card>
  );
}

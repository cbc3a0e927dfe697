import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Boxes } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import type { CursorList } from '../../api/cursor-list';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { PageHeader } from '../../components/page-header';
import { AllowedBadge, CapabilityBadges, StatusBadge } from './model-badges';
import { ModelDetailsDialog } from './model-details-dialog';
import styles from './models.module.css';
import textStyles from '../../styles/text.module.css';
import { orgModelsQuery, type OrgModel } from './queries';
import { searchModels } from './search-models';
import { formatCount } from '../../lib/count';

/** A token count in K; 0 (an embedding or rerank model's output) is "—", not applicable. */
function tokens(n: number): string {
  if (n === 0) return '—';
  return n >= 1000 ? `${formatCount(Math.round(n / 100) / 10)}K` : String(n);
}

/** The input price per million tokens, and the output price under it ("—" for a model the catalogue does not price). */
function Prices({ model }: { readonly model: OrgModel }): ReactElement {
  const { input, output } = model.pricing;
  if (input === undefined && output === undefined) return <span>—</span>;
  return (
    <div className="tabular">
      {input === undefined ? '—' : `$${input}`} in
      {output !== undefined && <div className={textStyles.muted}>${output} out</div>}
    </div>
  );
}

/** The catalogue as the organization sees it: search, a table, and a model's details with snippets. */
export function ModelsPage(): ReactElement {
  const { orgId } = useParams({ from: '/app/orgs/$orgId/models' });
  const search = useSearch({ from: '/app/orgs/$orgId/models' });
  const navigate = useNavigate({ from: '/orgs/$orgId/models' });
  const query = useQuery(orgModelsQuery(orgId));
  const all = query.data?.data;
  const rows = useMemo(() => searchModels(all ?? [], search.q ?? ''), [all, search.q]);
  const open = search.model === undefined ? null : (all?.find((m) => m.id === search.model) ?? null);
  const setOpen = (model: string | undefined) => void navigate({ search: (prev) => ({ ...prev, model }), replace: model === undefined });

  const columns = useMemo((): DataColumns<OrgModel> => {
    const col = dataColumns<OrgModel>();
    // Related figures share a cell (a muted second line) so that the table fits a laptop's width:
    // the output ceiling under the context, the output price under the input price, whether the
    // organization allows the model under its status. The details dialog has every price.
    return col.columns([
      col.accessor('name', {
        header: 'Model',
        cell: (info) => (
          <div>
            <button type="button" className={styles.linkButton} onClick={() => setOpen(info.row.original.id)}>{info.getValue()}</button>
            <div className={styles.modelId}>{info.row.original.id}</div>
          </div>
        ),
      }),
      col.accessor('context_length', {
        header: 'Context',
        meta: { align: 'right', nowrap: true },
        cell: (info) => (
          <div className="tabular">
            {tokens(info.getValue())}
            {info.row.original.max_output_tokens > 0 && <div className={textStyles.muted}>{tokens(info.row.original.max_output_tokens)} max output</div>}
          </div>
        ),
      }),
      col.display({ id: 'price', header: 'Price / 1M', meta: { align: 'right', nowrap: true }, cell: (info) => <Prices model={info.row.original} /> }),
      col.display({ id: 'capabilities', header: 'Capabilities', cell: (info) => <CapabilityBadges model={info.row.original} /> }),
      col.display({
        id: 'status',
        header: 'Status',
        cell: (info) => (
          <div className={styles.status}>
            <StatusBadge model={info.row.original} />
            <AllowedBadge model={info.row.original} />
          </div>
        ),
      }),
    ]);
    // setOpen only navigates; the columns need not change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The catalogue is one page; the table's list shape is filled from it.
  const list: CursorList<OrgModel> = { rows, isPending: query.isPending, error: query.error, hasMore: false, isLoadingMore: false, loadMore: () => undefined };
  const restricted = all?.some((m) => !m.allowed) ?? false;
  return (
    <>
      <PageHeader
        title="Models"
        description={restricted
          ? "The gateway's catalogue. This organization allows only the models marked Allowed; its keys get 403 on the others."
          : "The gateway's catalogue. This organization allows every model (its allowed-models setting is empty)."}
      />
      <div className={styles.stack}>
        <div className={styles.toolbar}>
          <div className={styles.search}>
            <Field label="Search models">
              <Input
                type="search"
                placeholder="Name, id, alias or kind"
                value={search.q ?? ''}
                onChange={(event) => void navigate({ search: (prev) => ({ ...prev, q: event.target.value === '' ? undefined : event.target.value }), replace: true })}
              />
            </Field>
          </div>
          {all !== undefined && <p className={textStyles.muted} aria-live="polite">{rows.length} of {all.length} models</p>}
        </div>
        <DataTable
          label="Models"
          columns={columns}
          list={list}
          rowId={(model) => model.id}
          stackOnPhone
          empty={<EmptyState icon={<Boxes size={28} />} title={search.q ? 'No model matches' : 'No models'}>{search.q ? `Nothing in the catalogue matches “${search.q}”.` : 'The gateway serves no models: the operator configures them in the catalogue file.'}</EmptyState>}
        />
      </div>
      {open !== null && <ModelDetailsDialog model={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

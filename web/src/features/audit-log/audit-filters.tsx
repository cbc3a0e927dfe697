import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from './actions';
import styles from './audit-log.module.css';
import { localDate, startOfLocalDay } from './local-date';
import { membersList } from './queries';
import type { AuditSearch } from './routes';

/** The audit log's filters; each change goes to the URL (so the view is linkable) and resets the pages. */
export function AuditFilters({ orgId }: { readonly orgId: string }): ReactElement {
  const search = useSearch({ from: '/app/orgs/$orgId/audit-log' });
  const navigate = useNavigate({ from: '/orgs/$orgId/audit-log' });
  const members = useCursorList(membersList(orgId));
  const set = (patch: Partial<AuditSearch>) =>
    void navigate({ search: (prev) => Object.fromEntries(Object.entries({ ...prev, ...patch, entry: undefined }).filter(([, v]) => v !== undefined && v !== '')) });
  const actorKnown = !search.actor || members.rows.some((m) => m.user_id === search.actor);
  const any = Object.keys(search).some((key) => key !== 'entry');
  return (
    <form className={styles.filters} aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <Field label="Who">
        <Select
          value={search.actor ?? ''}
          onChange={(e) => set({ actor: e.target.value })}
          options={[
            { value: '', label: 'Anyone' },
            ...(actorKnown ? [] : [{ value: search.actor!, label: search.actor! }]),
            ...members.rows.map((m) => ({ value: m.user_id, label: m.name })),
          ]}
        />
      </Field>
      <Field label="Action">
        <Select
          value={search.action ?? ''}
          onChange={(e) => set({ action: e.target.value })}
          options={[
            { value: '', label: 'Any action' },
            ...(search.action && !(search.action in AUDIT_ACTIONS) ? [{ value: search.action, label: search.action }] : []),
            ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
          ]}
        />
      </Field>
      <Field label="On what">
        <Select
          value={search.type ?? ''}
          onChange={(e) => set({ type: e.target.value })}
          options={[
            { value: '', label: 'Anything' },
            ...(search.type && !(search.type in AUDIT_TARGETS) ? [{ value: search.type, label: search.type }] : []),
            ...Object.entries(AUDIT_TARGETS).map(([value, label]) => ({ value, label })),
          ]}
        />
      </Field>
      <Field label="Object id">
        <Input
          key={search.target ?? ''}
          defaultValue={search.target ?? ''}
          placeholder="proj_…, usr_…"
          onBlur={(e) => set({ target: e.target.value.trim() })}
          onKeyDown={(e) => e.key === 'Enter' && set({ target: e.currentTarget.value.trim() })}
        />
      </Field>
      <Field label="From">
        <Input type="date" value={localDate(search.since)} onChange={(e) => set({ since: startOfLocalDay(e.target.value) })} />
      </Field>
      <Field label="To (inclusive)">
        <Input type="date" value={search.until ? localDate(new Date(Date.parse(search.until) - 1).toISOString()) : ''} onChange={(e) => set({ until: startOfLocalDay(e.target.value, 1) })} />
      </Field>
      {any && (
        <div className={styles.filterActions}>
          <Button onClick={() => void navigate({ search: {} })}>Clear filters</Button>
        </div>
      )}
    </form>
  );
}

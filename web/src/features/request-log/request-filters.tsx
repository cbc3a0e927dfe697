import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactElement } from 'react';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import styles from './request-log.module.css';
import { RANGES, SOURCES, type Range, type RequestLogSearch, type Source } from './search';

const STATUSES = [200, 400, 401, 402, 403, 404, 408, 413, 422, 429, 500, 502, 503, 504];
const REQUEST_ID = /^req_[0-9a-z]{1,40}$/;

/** Filters (range, source, key, model, status) and a box that opens a request by its pasted `req_` id; all of it lives in the URL. */
export function RequestFilters({ search, keys }: { readonly search: RequestLogSearch; readonly keys: readonly { readonly id: string; readonly name: string }[] }): ReactElement {
  const navigate = useNavigate({ from: '/orgs/$orgId/projects/$projectId/requests' });
  const [model, setModel] = useState(search.model ?? '');
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const set = (patch: Partial<RequestLogSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const keyOptions = [{ value: '', label: 'All keys' }, ...keys.map((k) => ({ value: k.id, label: k.name }))];
  if (search.key && !keys.some((k) => k.id === search.key)) keyOptions.push({ value: search.key, label: search.key });
  const submitModel = (event: FormEvent) => {
    event.preventDefault();
    set({ model: model.trim() === '' ? undefined : model.trim() });
  };
  const submitJump = (event: FormEvent) => {
    event.preventDefault();
    const id = jump.trim();
    if (!REQUEST_ID.test(id)) {
      setJumpError('A request id looks like req_… (the x-request-id header of the answer).');
      return;
    }
    setJumpError(null);
    setJump('');
    set({ request: id });
  };
  return (
    <div className={styles.filters}>
      <Field label="Time range">
        <Select value={search.range ?? 'all'} onChange={(e) => set({ range: e.target.value === 'all' ? undefined : (e.target.value as Range) })} options={RANGES.map((r) => ({ value: r.value, label: r.label }))} />
      </Field>
      <Field label="Source">
        <Select value={search.source ?? ''} onChange={(e) => set({ source: e.target.value === '' ? undefined : (e.target.value as Source) })} options={[{ value: '', label: 'Any source' }, ...SOURCES]} />
      </Field>
      <Field label="Key">
        <Select value={search.key ?? ''} onChange={(e) => set({ key: e.target.value === '' ? undefined : e.target.value })} options={keyOptions} />
      </Field>
      <form onSubmit={submitModel}>
        <Field label="Model">
          <Input value={model} onChange={(e) => setModel(e.target.value)} onBlur={submitModel} placeholder="As sent or served" title="A model as sent or as served; Enter applies it." />
        </Field>
      </form>
      <Field label="Status">
        <Select value={search.status ? String(search.status) : ''} onChange={(e) => set({ status: e.target.value === '' ? undefined : Number(e.target.value) })} options={[{ value: '', label: 'Any status' }, ...STATUSES.map((s) => ({ value: String(s), label: String(s) }))]} />
      </Field>
      <form className={styles.jump} onSubmit={submitJump}>
        <Field label="Go to request" error={jumpError}>
          <Input value={jump} onChange={(e) => setJump(e.target.value)} placeholder="req_…" spellCheck={false} />
        </Field>
        <Button type="submit">Open</Button>
      </form>
    </div>
  );
}

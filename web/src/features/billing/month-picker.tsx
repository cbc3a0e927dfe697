import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { Field } from '../../components/field';
import { Select } from '../../components/select';
import { addMonths, monthLabel, monthOf } from './month';

/** The current UTC month and the 23 before it, newest first. */
function recentMonths(now: number, selected: string): string[] {
  const current = monthOf(now);
  const months = Array.from({ length: 24 }, (_, i) => addMonths(current, -i));
  return months.includes(selected) ? months : [selected, ...months];
}

/** The UTC month the ledger and statement tabs show; kept in the URL (`?month=2026-10`). */
export function useBillingMonth(month: string | undefined): string {
  const [now] = useState(Date.now);
  return month ?? monthOf(now);
}

/** Choose a UTC month (the URL's `month`). */
export function MonthPicker({ month }: { readonly month: string }): ReactElement {
  const navigate = useNavigate({ from: '/orgs/$orgId/billing' });
  const [now] = useState(Date.now);
  const current = monthOf(now);
  return (
    <Field label="Month (UTC)">
      <Select
        value={month}
        onChange={(e) => void navigate({ search: ({ month: _, ...rest }) => (e.target.value === current ? rest : { ...rest, month: e.target.value }) })}
        options={recentMonths(now, month).map((m) => ({ value: m, label: monthLabel(m) }))}
      />
    </Field>
  );
}

import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';

/** An HTTP status in words and colour: 2xx success, 4xx warning, 5xx danger. */
export function StatusBadge({ status }: { readonly status: number }): ReactElement {
  const tone = status < 300 ? 'success' : status < 500 ? 'warning' : 'danger';
  return <Badge tone={tone}>{status}</Badge>;
}

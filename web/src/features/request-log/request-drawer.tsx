import { useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { CopyButton } from '../../components/copy-button';
import { ErrorBanner } from '../../components/error-banner';
import { SideDrawer } from '../../components/side-drawer';
import { Money } from '../../components/money';
import { Time } from '../../components/time';
import { CostExplained } from './cost-explained';
import { requestDetailQuery, type RequestDetail } from './queries';
import styles from './request-log.module.css';
import textStyles from '../../styles/text.module.css';
import { StatusBadge } from './status-badge';
import { formatCount } from '../../lib/count';

function Fact({ label, children }: { readonly label: string; readonly children: ReactNode }): ReactElement {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const none = <span className={textStyles.muted}>—</span>;

/** Where the request came from, when the log says (the playground marks its requests). */
function sourceOf(detail: RequestDetail): string | null {
  const source: unknown = (detail as Record<string, unknown>).source;
  return typeof source === 'string' ? source : null;
}

function Details({ detail, keyName }: { readonly detail: RequestDetail; readonly keyName: (id: string) => string }): ReactElement {
  const tags = Object.entries(detail.tags);
  const source = sourceOf(detail);
  return (
    <>
      <dl className={styles.facts}>
        <Fact label="Request id"><span className={styles.mono}>{detail.id}</span> <CopyButton value={detail.id} label="Copy request id" /></Fact>
        <Fact label="Time"><Time iso={detail.created_at} /></Fact>
        <Fact label="Status"><StatusBadge status={detail.status} /> {detail.error_code ? <span className={styles.mono}>{detail.error_code}</span> : null}</Fact>
        <Fact label="Endpoint"><span className={styles.mono}>{detail.endpoint}</span>{detail.stream ? ' (streamed)' : ''}</Fact>
        <Fact label="Model as sent">{detail.model_requested ? <span className={styles.mono}>{detail.model_requested}</span> : none}</Fact>
        <Fact label="Model as served">{detail.model_resolved ? <span className={styles.mono}>{detail.model_resolved}</span> : none}{detail.provider_id ? <span className={textStyles.muted}> via {detail.provider_id}</span> : null}</Fact>
        {source !== null && <Fact label="Source">{source}</Fact>}
        <Fact label="Key">{detail.key_id ? keyName(detail.key_id) : none}</Fact>
        <Fact label="End user">{detail.user ?? none}</Fact>
        <Fact label="Tags">{tags.length === 0 ? none : <span className={styles.tags}>{tags.map(([k, v]) => <Badge key={k}>{`${k}=${v}`}</Badge>)}</span>}</Fact>
        <Fact label="Ignored parameters">{detail.ignored_params.length === 0 ? none : <span className={styles.mono}>{detail.ignored_params.join(', ')}</span>}</Fact>
        <Fact label="Latency">{formatCount(detail.latency_ms)} ms</Fact>
        <Fact label="Time to first token">{detail.ttft_ms === null ? none : `${formatCount(detail.ttft_ms)} ms`}</Fact>
        <Fact label="Input tokens">{formatCount(detail.usage.input_tokens)} ({formatCount(detail.usage.cached_tokens)} cached)</Fact>
        <Fact label="Output tokens">{formatCount(detail.usage.output_tokens)} ({formatCount(detail.usage.reasoning_tokens)} reasoning)</Fact>
        <Fact label="Usage source">{detail.usage.source}</Fact>
        <Fact label="Cost"><Money usd={detail.cost_usd} /></Fact>
      </dl>
      <CostExplained detail={detail} />
    </>
  );
}

/** Props of {@link RequestDrawer}. */
export interface RequestDrawerProps {
  /** The open request's id, or undefined when closed. */
  readonly requestId: string | undefined;
  readonly onClose: () => void;
  /** A key's name for its id (the keys the page loaded), else the id. */
  readonly keyName: (id: string) => string;
}

/** A side panel with every field of one request and where its money went. */
export function RequestDrawer({ requestId, onClose, keyName }: RequestDrawerProps): ReactElement {
  const detail = useQuery({ ...requestDetailQuery(requestId ?? ''), enabled: requestId !== undefined });
  return (
    <SideDrawer open={requestId !== undefined} onClose={onClose} title={<>Request {requestId}</>}>
      {detail.error ? <ErrorBanner error={detail.error} /> : detail.data ? <Details detail={detail.data} keyName={keyName} /> : <p className={textStyles.muted}>Loading…</p>}
    </SideDrawer>
  );
}

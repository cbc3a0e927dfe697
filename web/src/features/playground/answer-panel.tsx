import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { Money } from '../../components/money';
import type { ChatResult } from './chat-result';
import styles from './playground.module.css';
import { formatCount } from '../../lib/count';

/** Props of {@link AnswerPanel}. */
export interface AnswerPanelProps {
  readonly orgId: string;
  readonly projectId: string;
  /** The answer so far (null before the first send). */
  readonly result: ChatResult | null;
  /** The request's `req_` id, once the gateway answered. */
  readonly requestId: string | null;
  readonly running: boolean;
  /** Why the request was refused or failed, in the API's words. */
  readonly error: unknown;
}

/** The answer as it streams, the tool calls, then usage, the exact cost and the link to the request's log entry. */
export function AnswerPanel({ orgId, projectId, result, requestId, running, error }: AnswerPanelProps): ReactElement {
  const usage = result?.usage ?? null;
  return (
    <section className={styles.panel} aria-label="Answer" aria-busy={running || undefined}>
      <h2 className={styles.panelTitle}>Answer</h2>
      <ErrorBanner error={error} title="The request was refused." />
      {result === null && error === null && <p className={`${styles.answer} ${styles.placeholder}`}>The answer appears here as it is written.</p>}
      {result !== null && (
        <>
          <p className={styles.answer} data-testid="answer-text">{result.text === '' && result.toolCalls.length === 0 ? (running ? '…' : '(no text)') : result.text}</p>
          {result.toolCalls.length > 0 && (
            <div className={styles.form}>
              <h3 className={styles.panelTitle}>Tool calls</h3>
              {result.toolCalls.map((call, i) => (
                <pre key={call.id || i} className={styles.toolCall} aria-label={`Tool call ${call.name}`}>{call.name}({call.arguments})</pre>
              ))}
            </div>
          )}
          {result.streamError !== null && <ErrorBanner error={new Error(result.streamError)} title="The answer stopped early." />}
        </>
      )}
      {!running && result !== null && (
        <dl className={styles.facts} aria-label="Request facts">
          <dt>Request</dt>
          <dd>
            {requestId === null ? '—' : (
              <Link to="/orgs/$orgId/projects/$projectId/requests" params={{ orgId, projectId }} search={{ request: requestId }}><code>{requestId}</code></Link>
            )}
          </dd>
          <dt>Model</dt><dd>{result.model ?? '—'}</dd>
          <dt>Finish</dt><dd>{result.finishReason ?? '—'}</dd>
          <dt>Tokens</dt>
          <dd className="tabular">{usage === null ? '—' : `${formatCount(usage.promptTokens)} in, ${formatCount(usage.completionTokens)} out, ${formatCount(usage.totalTokens)} total`}</dd>
          <dt>Cost</dt><dd data-testid="answer-cost"><Money usd={usage?.cost ?? null} empty="not reported" /></dd>
        </dl>
      )}
    </section>
  );
}

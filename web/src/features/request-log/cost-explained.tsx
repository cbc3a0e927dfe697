import type { ReactElement } from 'react';
import { Money } from '../../components/money';
import { Time } from '../../components/time';
import type { RequestDetail } from './queries';
import styles from './request-log.module.css';
import textStyles from '../../styles/text.module.css';
import { formatCount } from '../../lib/count';

const CLASS_LABEL = { input: 'Input', cached_input: 'Cached input', output: 'Output', reasoning: 'Reasoning' } as const;

/** Each token class x its catalogue price = the cost, next to the hold admission took and the ledger debit that settled it. */
export function CostExplained({ detail }: { readonly detail: RequestDetail }): ReactElement {
  const explained = detail.cost_explained;
  const debit = detail.ledger_entry;
  return (
    <section className={styles.section} aria-labelledby="cost-explained-title">
      <h2 id="cost-explained-title" className={styles.sectionTitle}>Cost explained</h2>
      {explained === null ? (
        <p className={textStyles.muted}>No catalogue price to show: no model served this request, or the model has left the catalogue.</p>
      ) : (
        <div className={styles.costFrame}>
          <table className={styles.costTable} aria-label="Cost by token class">
            <thead>
              <tr>
                <th scope="col">Tokens</th>
                <th scope="col">Count</th>
                <th scope="col">Price / 1M</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {explained.lines.map((line) => (
                <tr key={line.token_class}>
                  <td>{CLASS_LABEL[line.token_class]}</td>
                  <td className="tabular">{formatCount(line.tokens)}</td>
                  <td><Money usd={line.price_per_million_usd} /></td>
                  {/* Exact to the femto-USD (up to 15 decimals): more places than <Money> prints. */}
                  <td className="tabular">${line.amount_usd}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={3}>Cost (sum rounded once, half up, to the nano-USD)</td>
                <td><Money usd={explained.rounded_usd} /></td>
              </tr>
            </tfoot>
          </table>
          {!explained.matches_cost && (
            <p className={styles.note}>
              Today&apos;s prices give <Money usd={explained.rounded_usd} />, not the <Money usd={detail.cost_usd} /> billed: the catalogue&apos;s prices changed since, or cache writes were billed.
            </p>
          )}
        </div>
      )}
      <dl className={`${styles.facts} ${styles.section}`}>
        <dt>Held at admission</dt>
        <dd>{detail.hold_usd === null ? <span className={textStyles.muted}>Nothing held</span> : <><Money usd={detail.hold_usd} /> <span className={textStyles.muted}>(the worst case, released when the request ended)</span></>}</dd>
        <dt>Ledger debit</dt>
        <dd>
          {debit === null ? (
            <span className={textStyles.muted}>{detail.cost_usd === '0.000000000' ? 'Nothing billed' : 'Not settled yet (usually within seconds)'}</span>
          ) : (
            <><Money usd={debit.amount_usd} /> <span className={textStyles.muted}>entry <span className={styles.mono}>{debit.id}</span>, <Time iso={debit.created_at} /></span></>
          )}
        </dd>
      </dl>
    </section>
  );
}

import { Fragment, useState, type ReactElement } from 'react';
import { CopyButton } from '../../components/copy-button';
import { Dialog } from '../../components/dialog';
import { TabPanel, Tabs } from '../../components/tabs';
import { Time } from '../../components/time';
import { AllowedBadge, CapabilityBadges, StatusBadge } from './model-badges';
import { modelSnippets, type ModelSnippet } from './model-snippets';
import styles from './models.module.css';
import textStyles from '../../styles/text.module.css';
import type { OrgModel } from './queries';
import { formatCount } from '../../lib/count';

const PRICE_LABELS: readonly { readonly key: keyof OrgModel['pricing']; readonly label: string }[] = [
  { key: 'input', label: 'Input' },
  { key: 'cached_input', label: 'Cached input' },
  { key: 'cache_write', label: 'Cache write' },
  { key: 'output', label: 'Output' },
  { key: 'reasoning', label: 'Reasoning' },
  { key: 'search_unit', label: 'Search units' },
];

/** Prices per million units as the catalogue states them (decimal strings, shown as written). */
export function PriceList({ model }: { readonly model: OrgModel }): ReactElement {
  const priced = PRICE_LABELS.filter((p) => model.pricing[p.key] !== undefined);
  return (
    <dl className={styles.facts}>
      {priced.map((p) => (
        <Fragment key={p.key}>
          <dt>{p.label}</dt>
          <dd className="tabular">${model.pricing[p.key]}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Snippets({ model }: { readonly model: OrgModel }): ReactElement {
  const snippets = modelSnippets(window.location.origin, model.id, model.kind);
  const [tab, setTab] = useState<ModelSnippet['id']>(snippets[0]!.id);
  return (
    <Tabs label="Snippet language" value={tab} onValueChange={setTab} tabs={snippets.map((s) => ({ value: s.id, label: s.label }))}>
      {snippets.map((s) => (
        <TabPanel key={s.id} value={s.id}>
          <div className={styles.snippetWrap}>
            <pre className={styles.snippet} tabIndex={0} aria-label={`${s.label} snippet`}><code>{s.code}</code></pre>
            <span className={styles.copy}><CopyButton value={s.code} label={`Copy ${s.label} snippet`} /></span>
          </div>
        </TabPanel>
      ))}
    </Tabs>
  );
}

/** Everything about one model: limits, prices, versions, status and copy-ready snippets. */
export function ModelDetailsDialog({ model, onClose }: { readonly model: OrgModel; readonly onClose: () => void }): ReactElement {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={model.name} description={<code>{model.id}</code>}>
      <div className={styles.stack}>
        {model.lifecycle !== null && (
          <p className={styles.notice}>
            {model.status === 'retired' ? 'Retired' : 'Deprecated'}: stops serving on <Time iso={model.lifecycle.sunset_at} format="date" />
            {model.lifecycle.replacement !== null && <>; requests then go to <code>{model.lifecycle.replacement}</code></>}.
            {model.lifecycle.notice_url !== null && <> <a href={model.lifecycle.notice_url} target="_blank" rel="noreferrer">Notice</a></>}
          </p>
        )}
        <dl className={styles.facts}>
          <dt>Status</dt><dd><StatusBadge model={model} /></dd>
          <dt>This organization</dt><dd><AllowedBadge model={model} /></dd>
          <dt>Kind</dt><dd>{model.kind}</dd>
          <dt>Aliases</dt><dd>{model.aliases.length === 0 ? '—' : model.aliases.map((a) => <code key={a}>{a} </code>)}</dd>
          <dt>Context window</dt><dd className="tabular">{formatCount(model.context_length)} tokens</dd>
          <dt>Output ceiling</dt><dd className="tabular">{formatCount(model.max_output_tokens)} tokens (default {formatCount(model.default_max_output_tokens)})</dd>
          <dt>Capabilities</dt><dd><CapabilityBadges model={model} /></dd>
        </dl>
        <section className={styles.section} aria-label="Prices">
          <h2 className={styles.sectionTitle}>Prices per million tokens</h2>
          <PriceList model={model} />
        </section>
        {model.versions.length > 0 && (
          <section className={styles.section} aria-label="Versions">
            <h2 className={styles.sectionTitle}>Versions</h2>
            <ul className={textStyles.muted}>
              {model.versions.map((v) => (
                <li key={v.version}><code>{model.id}@{v.version}</code>{v.default ? ' (default)' : ''}</li>
              ))}
            </ul>
          </section>
        )}
        <section className={styles.section} aria-label="Snippets">
          <h2 className={styles.sectionTitle}>Call it</h2>
          <Snippets model={model} />
        </section>
      </div>
    </Dialog>
  );
}

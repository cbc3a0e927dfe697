import type { z } from 'zod';
import type { RequestLogRow } from '../../billing/request-log-repository.js';
import type { ModelPricing } from '../../config/catalogue-types.js';
import { formatUsd } from '../../core/money.js';
import { moneyText, parseMoney } from '../../store/money-column.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { isoTime } from '../internal/wire.js';
import { explainCost } from './explain-cost.js';
import { presentRequest } from './presenter.js';
import type { requestDetailDto } from './schema.js';

/** The usage debit of one request (settlement writes exactly one, referenced by the request id). */
async function findUsageDebit(ctx: ConsoleContext, requestId: string) {
  return ctx.db
    .selectFrom('ledger_entries')
    .select(['id', 'created_at', moneyText('amount_nano').as('amount')])
    .where('kind', '=', 'usage')
    .where('reference', '=', requestId)
    .executeTakeFirst();
}

function pricingOf(ctx: ConsoleContext, modelResolved: string | null): ModelPricing | null {
  if (modelResolved === null || ctx.modelPricing === null) return null;
  // The log keeps the version that served (`openai/gpt-4o-mini@2024-07-18`); prices are per model.
  return ctx.modelPricing(modelResolved.split('@')[0]!);
}

/** A request with where its money went: the cost taken apart, the hold, the ledger debit. */
export async function presentRequestDetail(ctx: ConsoleContext, row: RequestLogRow): Promise<z.infer<typeof requestDetailDto>> {
  const debit = await findUsageDebit(ctx, row.id);
  const pricing = pricingOf(ctx, row.modelResolved);
  const explained = pricing === null ? null : explainCost(row, pricing);
  return {
    ...presentRequest(row),
    hold_usd: row.holdNano === null ? null : formatUsd(row.holdNano),
    ledger_entry: debit === undefined ? null : { id: debit.id, amount_usd: formatUsd(parseMoney(debit.amount)), created_at: isoTime(Number(debit.created_at)) },
    cost_explained: explained === null
      ? null
      : {
          lines: explained.lines.map((l) => ({ token_class: l.tokenClass, tokens: l.tokens, price_per_million_usd: l.pricePerMillionUsd, amount_usd: l.amountUsd })),
          exact_usd: explained.exactUsd,
          rounded_usd: explained.roundedUsd,
          matches_cost: explained.matchesCost,
        },
  };
}

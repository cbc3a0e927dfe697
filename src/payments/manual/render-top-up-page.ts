import { formatUsdCents } from '../../core/money.js';
import type { PaymentRow } from '../payment-repository.js';

/** Shown when `TF_MANUAL_PAYMENT_INSTRUCTIONS` is not set. */
export const DEFAULT_MANUAL_INSTRUCTIONS =
  'Pay the amount by bank transfer to the account your platform operator gave you, quoting the reference above. ' +
  'The operator confirms the payment when the money arrives; the credit then appears on your balance.';

/** Escape text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STATUS_TEXT: Readonly<Record<PaymentRow['status'], string>> = {
  pending: 'Waiting for payment',
  completed: 'Paid and credited',
  canceled: 'Canceled',
  failed: 'Failed',
};

/**
 * The page a top-up's `checkout_url` opens: amount, reference (the payment id), status and, while
 * a manual payment is pending, the instructions. Stripe's success and cancel URLs land here too.
 * Every interpolated value is escaped; the page loads nothing else.
 */
export function renderTopUpPage(payment: PaymentRow, instructions: string | null): string {
  const amount = `${formatUsdCents(payment.amountNano)} USD`;
  const rows = [
    ['Amount', amount],
    ['Reference', payment.id],
    ['Status', STATUS_TEXT[payment.status]],
    ...(payment.receiptNumber === null ? [] : [['Receipt', payment.receiptNumber]]),
  ];
  const showInstructions = payment.status === 'pending' && payment.provider === 'manual';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Top-up ${escapeHtml(amount)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#222}dt{font-weight:600}dd{margin:0 0 .75rem}.instructions{white-space:pre-line;border-left:3px solid #999;padding-left:1rem}</style>
</head>
<body>
<h1>Top-up of ${escapeHtml(amount)}</h1>
<dl>
${rows.map(([label, value]) => `<dt>${escapeHtml(label!)}</dt><dd>${escapeHtml(value!)}</dd>`).join('\n')}
</dl>
${showInstructions ? `<h2>How to pay</h2>\n<p class="instructions">${escapeHtml(instructions ?? DEFAULT_MANUAL_INSTRUCTIONS)}</p>` : ''}
${payment.status === 'pending' && payment.provider === 'stripe' ? '<p>Stripe reports completed payments to us within moments; reload this page to see the credit.</p>' : ''}
</body>
</html>
`;
}

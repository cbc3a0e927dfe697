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

/*
 * The console's look (web/src/styles/tokens.css: the same colours, light and dark, type and radii),
 * inline because the page's Content-Security-Policy loads nothing, not even the console's CSS.
 */
const STYLE = `:root{color-scheme:light dark;--bg:light-dark(#f8f8fa,#111115);--surface:light-dark(#fff,#141419);--border:light-dark(#e5e5ea,#26262e);
--text:light-dark(#17171c,#ececf1);--muted:light-dark(#5c5c68,#a3a3ae);--accent:light-dark(#4f46e5,#8b93f8);--accent-text:light-dark(#fff,#0c0c0f);
--bg-muted:light-dark(#f0f0f3,#1a1a20);--warn-bg:light-dark(#fff8e6,#2a2010);--warn:light-dark(#92400e,#fde68a);--ok-bg:light-dark(#ecfdf3,#0f2419);
--ok:light-dark(#166534,#bbf7d0);--no-bg:light-dark(#f0f0f3,#1a1a20);--no:light-dark(#5c5c68,#a3a3ae)}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:var(--bg);color:var(--text);
font:14px/1.5 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
main{width:100%;max-width:440px}
.brand{margin:0 0 16px;font-weight:600;font-size:13px;color:var(--muted);text-align:center}
.card{padding:24px;border:1px solid var(--border);border-radius:10px;background:var(--surface);box-shadow:0 1px 2px light-dark(rgb(0 0 0/5%),rgb(0 0 0/40%))}
h1{margin:0 0 4px;font-size:20px;line-height:1.3}
h2{margin:20px 0 8px;font-size:14px}
.amount{margin:0 0 16px;font-size:24px;font-weight:600;font-variant-numeric:tabular-nums}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:8px 16px;margin:0}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
code{font:13px ui-monospace,'SF Mono',Menlo,Consolas,monospace;padding:1px 4px;border-radius:4px;background:var(--bg-muted)}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:500}
.pending{background:var(--warn-bg);color:var(--warn)}.completed{background:var(--ok-bg);color:var(--ok)}.canceled,.failed{background:var(--no-bg);color:var(--no)}
.instructions{margin:0;padding:12px;border-radius:6px;background:var(--bg-muted);white-space:pre-line}
.note{margin:16px 0 0;color:var(--muted);font-size:13px}
.back{display:inline-block;margin-top:20px;padding:8px 14px;border-radius:6px;background:var(--accent);color:var(--accent-text);font-weight:500;text-decoration:none}
.back:focus-visible{outline:2px solid var(--accent);outline-offset:2px}`;

/** Where the "back to the console" link goes: the billing page, following this payment. */
function consoleBillingPath(payment: PaymentRow): string {
  return `/console/orgs/${encodeURIComponent(payment.orgId)}/billing?tab=payments&payment=${encodeURIComponent(payment.id)}`;
}

/**
 * The page a top-up's `checkout_url` opens: amount, reference (the payment id), status and, while
 * a manual payment is pending, the instructions. Stripe's success and cancel URLs land here too.
 * Every interpolated value is escaped; the page loads nothing else (no script: it does not refresh
 * itself, which axe counts as a barrier too). It links back to the console's billing page, which
 * follows the payment live.
 */
export function renderTopUpPage(payment: PaymentRow, instructions: string | null): string {
  const amount = `${formatUsdCents(payment.amountNano)} USD`;
  const pending = payment.status === 'pending';
  const rows = [
    ['Reference', `<code>${escapeHtml(payment.id)}</code>`],
    ['Status', `<span class="badge ${payment.status}">${escapeHtml(STATUS_TEXT[payment.status])}</span>`],
    ...(payment.receiptNumber === null ? [] : [['Receipt', `<code>${escapeHtml(payment.receiptNumber)}</code>`]]),
  ];
  const showInstructions = pending && payment.provider === 'manual';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Top-up ${escapeHtml(amount)} · tf-gateway</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">tf-gateway</p>
<div class="card">
<h1>Top-up</h1>
<p class="amount">${escapeHtml(amount)}</p>
<dl>
${rows.map(([label, value]) => `<dt>${escapeHtml(label!)}</dt><dd>${value!}</dd>`).join('\n')}
</dl>
${showInstructions ? `<h2>How to pay</h2>\n<p class="instructions">${escapeHtml(instructions ?? DEFAULT_MANUAL_INSTRUCTIONS)}</p>` : ''}
${pending && payment.provider === 'stripe' ? '<p class="note">Stripe reports completed payments to us within moments; reload this page to see the credit.</p>' : ''}
${pending && payment.provider === 'manual' ? '<p class="note">Back in the console, the billing page shows the credit as soon as it is confirmed.</p>' : ''}
<a class="back" href="${escapeHtml(consoleBillingPath(payment))}">Back to billing in the console</a>
</div>
</main>
</body>
</html>
`;
}

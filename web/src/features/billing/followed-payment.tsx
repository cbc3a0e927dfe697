import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { ReactElement } from 'react';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { Money } from '../../components/money';
import styles from './billing.module.css';
import textStyles from '../../styles/text.module.css';
import { PaymentStatus } from './payment-status';
import { balanceQuery, paymentQuery, type Payment } from './queries';

/** What happens next, in words, for a payment in each state. */
export function paymentNextStep(payment: Payment): string {
  switch (payment.status) {
    case 'pending':
      return payment.provider === 'manual'
        ? 'The operator credits the balance when the money arrives; this updates by itself.'
        : 'Stripe tells us as soon as the payment goes through; this updates by itself.';
    case 'completed':
      return `Credited to the balance${payment.receipt_number ? `, receipt ${payment.receipt_number}` : ''}.`;
    case 'canceled':
      return 'Canceled: nothing was credited.';
    case 'failed':
      return 'The payment failed: nothing was credited.';
  }
}

/**
 * The payment a person came back from (the checkout page links to `?payment=pay_...`), followed
 * live: its state, and once credited, the new available balance.
 */
export function FollowedPayment({ orgId, paymentId, onDismiss }: { readonly orgId: string; readonly paymentId: string; readonly onDismiss: () => void }): ReactElement {
  const payment = useQuery(paymentQuery(orgId, paymentId));
  const balance = useQuery({ ...balanceQuery(orgId), enabled: payment.data?.status === 'completed' });
  const p = payment.data;
  return (
    <section className={styles.followed} aria-label="Your top-up" aria-live="polite">
      {payment.error ? (
        <ErrorBanner error={payment.error} title="Could not load the top-up." />
      ) : !p ? (
        <span className={textStyles.muted}>Loading the top-up…</span>
      ) : (
        <div className={styles.followedText}>
          <span>
            Top-up of <strong><Money usd={p.amount_usd} /></strong> <PaymentStatus status={p.status} />
          </span>
          <span className={textStyles.muted}>{paymentNextStep(p)}</span>
          {p.status === 'completed' && balance.data && (
            <span>Available balance now <strong><Money usd={balance.data.available_usd} /></strong></span>
          )}
        </div>
      )}
      <Button variant="ghost" size="sm" iconOnly aria-label="Dismiss" onClick={onDismiss}><X size={16} aria-hidden /></Button>
    </section>
  );
}

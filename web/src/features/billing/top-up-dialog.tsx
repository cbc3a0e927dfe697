import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Plus } from 'lucide-react';
import { useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Money } from '../../components/money';
import styles from './billing.module.css';
import textStyles from '../../styles/text.module.css';
import { paymentNextStep } from './followed-payment';
import { PaymentStatus } from './payment-status';
import { balanceQuery, paymentQuery, useCreateTopUp, type Payment } from './queries';

/** The started top-up, followed live: where to pay, then its completion and the new balance. */
function StartedTopUp({ orgId, started }: { readonly orgId: string; readonly started: Payment }): ReactElement {
  const live = useQuery({ ...paymentQuery(orgId, started.id), initialData: started });
  const payment = live.data;
  const balance = useQuery({ ...balanceQuery(orgId), enabled: payment.status === 'completed' });
  return (
    <div className={styles.checkout} aria-live="polite">
      <p>
        Top-up of <strong><Money usd={payment.amount_usd} /></strong> <PaymentStatus status={payment.status} />
      </p>
      {payment.checkout_url && (
        <p>
          <a className={styles.link} href={payment.checkout_url} target="_blank" rel="noopener noreferrer">
            Open the payment page <ExternalLink size={14} aria-hidden />
          </a>
          <br />
          <span className={textStyles.muted}>Reference <span className={styles.code}>{payment.id}</span></span>
        </p>
      )}
      <p className={textStyles.muted}>{paymentNextStep(payment)}</p>
      {payment.status === 'completed' && balance.data && (
        <p>Available balance now <strong><Money usd={balance.data.available_usd} /></strong></p>
      )}
    </div>
  );
}

/** Add money: an amount, then the provider's payment page; the dialog follows the payment until it is credited. */
export function TopUpDialog({ orgId }: { readonly orgId: string }): ReactElement {
  const create = useCreateTopUp(orgId);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  // One key per dialog: a double submit or a retry returns the same payment, never a second one.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const started = create.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ body: { amount_usd: amount.trim() }, idempotencyKey });
  };
  const error = create.error;
  const amountError = fieldError(error, 'amount_usd') ?? fieldError(error, 'amountUsd');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setAmount('');
          setIdempotencyKey(crypto.randomUUID());
          create.reset();
        }
      }}
      trigger={<Button variant="primary"><Plus size={16} aria-hidden />Top up</Button>}
      title={started ? 'Top-up started' : 'Top up the balance'}
      description={started ? undefined : 'Prepay USD; requests draw from the balance.'}
      footer={started ? <DialogClose><Button variant="primary">Done</Button></DialogClose> : null}
    >
      {started ? (
        <StartedTopUp orgId={orgId} started={started} />
      ) : (
        <form className={styles.stack} onSubmit={submit}>
          <Field label="Amount (USD)" hint="Whole cents, from 1.00 to 10,000.00." error={amountError}>
            <Input name="amount" inputMode="decimal" required autoFocus placeholder="25.00" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          {!amountError && <ErrorBanner error={error} />}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={create.isPending}>Continue to payment</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

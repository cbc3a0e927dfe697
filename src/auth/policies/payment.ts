import type { Policy } from '../authorize.js';

/** Actions on a payment (top-up). Completing one is the platform operator's (`authorizeOperator`). */
export type PaymentAction = 'read' | 'cancel';

/** Payment policy: action → permission in the payment's organization. */
export const paymentPolicy: Policy<PaymentAction> = {
  read: 'org.billing.read',
  cancel: 'org.billing.manage',
};

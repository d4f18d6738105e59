/** Contracts of the payment routes. */
import { Type } from 'typebox';
import { CREDIT_PACKAGE_IDS, type CreditPackageId } from '../../contract/credit-packages.ts';
import { PAYMENT_STATES } from '../../kernel/db/schema/index.ts';

export const CreditPackage = Type.Object(
  {
    id: Type.Unsafe<CreditPackageId>({ type: 'string', enum: [...CREDIT_PACKAGE_IDS] }),
    credits: Type.Integer({ minimum: 1 }),
    price: Type.Number({ minimum: 0, description: 'In currency units with two decimals, e.g. 4.99' }),
    currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO code, lower case (shown upper case)' }),
  },
  { additionalProperties: false },
);

export const PackagesResponse = Type.Object(
  {
    packages: Type.Array(CreditPackage, { description: 'Smallest first' }),
    current_credits: Type.Integer({ minimum: 0, description: "The caller's chat-credit balance" }),
  },
  { additionalProperties: false },
);

const ReturnUrl = Type.String({ minLength: 1, maxLength: 2048, description: 'An absolute URL on this app’s own origin' });

export const CheckoutBody = Type.Object(
  {
    package: Type.String({ minLength: 1, maxLength: 50, description: 'A package id: chat_1, chat_3, chat_5 or chat_7' }),
    success_url: ReturnUrl,
    cancel_url: ReturnUrl,
  },
  { additionalProperties: false },
);

export const CheckoutHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'Repeat it on a retry to get the same checkout',
    }),
  ),
});

export const CheckoutResponse = Type.Object(
  {
    session_url: Type.String({ description: 'The hosted checkout page to send the browser to' }),
    session_id: Type.String(),
  },
  { additionalProperties: false },
);

export const PaymentItem = Type.Object(
  {
    id: Type.String(),
    date: Type.String({ format: 'date-time' }),
    credits: Type.Integer({ minimum: 1 }),
    amount: Type.Number({ minimum: 0, description: 'In currency units, e.g. 24.99' }),
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    status: Type.Unsafe<(typeof PAYMENT_STATES)[number]>({ type: 'string', enum: PAYMENT_STATES.filter((s) => s !== 'canceled') }),
  },
  { additionalProperties: false },
);

export const HistoryResponse = Type.Object({ payments: Type.Array(PaymentItem) }, { additionalProperties: false });

export const PurchaseBody = Type.Object(
  {
    transaction_id: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[A-Za-z0-9_]+$',
      description: 'The checkout session id from the return URL',
    }),
    credits: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1000, description: 'Ignored: the package decides how many credits a payment buys' }),
    ),
  },
  { additionalProperties: false },
);

export const PurchaseResponse = Type.Object(
  {
    detail: Type.String(),
    transaction_id: Type.String(),
    credits: Type.Integer({ minimum: 0, description: 'What the payment bought' }),
    granted_now: Type.Boolean({ description: 'False when the credits had already been added (by the webhook or an earlier call)' }),
    current_credits: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export const WebhookResponse = Type.Object({ received: Type.Boolean() }, { additionalProperties: false });

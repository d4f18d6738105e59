/** Contracts of the payment routes. */
import { Type } from 'typebox';
import { CREDIT_PACKAGE_IDS, type CreditPackageId } from '../../contract/credit-packages.ts';

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

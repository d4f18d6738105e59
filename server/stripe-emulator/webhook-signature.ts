/**
 * Stripe's webhook signature scheme, as the stripe SDK verifies it (Webhooks.js in the package:
 * `verifyHeader` computes HMAC-SHA256 over `${t}.${payload}` with the whole `whsec_…` secret as
 * the key, hex-encoded, and compares it with each `v1=` entry of the header).
 */
import { createHmac } from 'node:crypto';

/** The `Stripe-Signature` header for `body` signed at `timestampSeconds`: `t=<seconds>,v1=<hex>`. */
export function signatureHeader(body: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

import t from 'tap';
import {
  balanceRose,
  checkoutErrorMessage,
  CONFIRM_SECONDS,
  currencyCode,
  formatAmount,
  formatPaymentDate,
  formatPrice,
  isBestValue,
  packageTitle,
  perCreditText,
  pricePerCredit,
  savingsText,
  purchaseErrorOutcome,
  readReturn,
} from './credits-state.ts';

t.test('prices and amounts', async (t) => {
  t.equal(formatPrice(24.99, 'usd'), '$24.99');
  t.equal(formatPrice(5, 'usd'), '$5.00', 'always two decimals');
  t.equal(formatPrice(13.5, 'eur'), '13.50 EUR', 'another currency: amount and upper-case code');
  t.equal(formatPrice(1234.5, 'USD'), '$1,234.50');
  t.equal(formatPrice(Number.NaN, 'usd'), '');
  t.equal(formatAmount(12.99, 'usd'), '$12.99 USD');
  t.equal(formatAmount(20, 'gbp'), '20.00 GBP');
  t.equal(currencyCode('usd'), 'USD');
});

t.test('the price of one credit, and the saving against buying one alone', async (t) => {
  t.equal(pricePerCredit(24.99, 7), 3.57, '24.99 / 7 = 3.57 (3.5700)');
  t.equal(pricePerCredit(12.99, 3), 4.33);
  t.equal(pricePerCredit(19.99, 5), 4, '3.998 rounds to 4.00');
  t.equal(pricePerCredit(4.99, 1), 4.99);
  t.equal(pricePerCredit(0.05, 2), 0.03, 'half a cent rounds up');
  t.ok(Number.isNaN(pricePerCredit(5, 0)), 'no credits: no price');
  t.equal(perCreditText(24.99, 7, 'usd'), '$3.57 per credit');
  t.equal(perCreditText(20, 5, 'eur'), '4.00 EUR per credit');
  t.equal(savingsText(24.99, 7, 4.99), 'Save 28%', '3.57 against 4.99');
  t.equal(savingsText(12.99, 3, 4.99), 'Save 13%');
  t.equal(savingsText(4.99, 1, 4.99), null, 'the single credit saves nothing');
  t.equal(savingsText(15, 3, 4.99), null, 'dearer per credit: no saving shown');
  t.equal(savingsText(12.99, 3, undefined), null, 'no single-credit price to compare with');
});

t.test('package titles and the best value', async (t) => {
  t.equal(packageTitle(1), '1 Credit');
  t.equal(packageTitle(7), '7 Credits');
  t.ok(isBestValue('chat_7'));
  t.notOk(isBestValue('chat_5'));
});

t.test('payment dates', async (t) => {
  t.equal(formatPaymentDate('2026-01-05T12:00:00.000Z'), 'Jan 5, 2026');
  t.equal(formatPaymentDate('garbage'), 'Invalid date');
});

t.test('the return from checkout', async (t) => {
  t.same(readReturn(new URLSearchParams('status=success&session_id=cs_test_abc123')), { kind: 'success', sessionId: 'cs_test_abc123' });
  t.same(readReturn(new URLSearchParams('status=canceled')), { kind: 'canceled' });
  t.same(readReturn(new URLSearchParams('')), { kind: 'none' });
  t.same(readReturn(new URLSearchParams('status=success')), { kind: 'none' }, 'no session id: nothing to confirm');
  t.same(readReturn(new URLSearchParams('status=success&session_id={CHECKOUT_SESSION_ID}')), { kind: 'none' }, 'an unfilled placeholder');
  t.same(readReturn(new URLSearchParams('status=weird&session_id=cs_1')), { kind: 'none' });
});

t.test('checkout failures', async (t) => {
  t.equal(checkoutErrorMessage({ error: 'Choose one of the credit packages.' }), 'Choose one of the credit packages.');
  t.equal(checkoutErrorMessage({ detail: 'Return addresses must be pages of this app.' }), 'Return addresses must be pages of this app.');
  t.equal(checkoutErrorMessage(undefined), 'Failed to create checkout session');
  t.equal(checkoutErrorMessage('<html>'), 'Failed to create checkout session');
});

t.test('purchase failures: wait or give up', async (t) => {
  t.same(purchaseErrorOutcome(409, { error: 'This payment has not been completed yet.' }), { kind: 'wait' });
  t.same(purchaseErrorOutcome(undefined, undefined), { kind: 'wait' }, 'no answer');
  t.same(purchaseErrorOutcome(502, { error: 'The payment provider did not answer.' }), { kind: 'wait' });
  t.same(purchaseErrorOutcome(404, { error: 'Payment not found.' }), { kind: 'failed', message: 'Payment not found.' });
  t.same(purchaseErrorOutcome(404, undefined), { kind: 'failed', message: 'Payment not found.' });
  t.same(purchaseErrorOutcome(409, { error: 'This payment did not go through. No credits were added.' }), {
    kind: 'failed',
    message: 'This payment did not go through. No credits were added.',
  });
});

t.test('arrival by balance', async (t) => {
  t.ok(balanceRose(0, 3));
  t.notOk(balanceRose(3, 3));
  t.notOk(balanceRose(undefined, 3), 'no baseline yet');
  t.notOk(balanceRose(0, undefined));
  t.equal(CONFIRM_SECONDS, 30);
});

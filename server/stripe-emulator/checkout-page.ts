/**
 * The hosted test checkout page a session's `url` points browsers to, standing in for
 * checkout.stripe.com: the order, and buttons that complete the payment, start a delayed one
 * (bank debit, settled later by settleAsync) or go back. Self-contained (inline CSS, no scripts,
 * no external assets) and plainly marked as a local test, so no one mistakes it for a real payment.
 * Every value taken from the session is HTML-escaped.
 */
import type { SessionRecord } from './session-json.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

// Stripe amounts are in the smallest unit; these currencies have none below the whole unit.
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));

/** `1999, 'usd'` -> `19.99 USD`, with integer arithmetic so no rounding creeps in. */
export function formatAmount(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(currency.toLowerCase())) return `${amount} ${code}`;
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')} ${code}`;
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #f4f1ee; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  .test { margin: 0 0 1.25rem; padding: .5rem .75rem; background: #fff4d6; border: 1px solid #8a6100; border-radius: 6px; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 1.25rem; }
  th, td { text-align: left; padding: .4rem 0; border-bottom: 1px solid #ddd; }
  td.amount, th.amount { text-align: right; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; }
  form { margin: 0; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 6px; border: 2px solid #5b1a5e; cursor: pointer; }
  button.primary { background: #5b1a5e; color: #fff; }
  button.secondary { background: #fff; color: #5b1a5e; }
  button:focus-visible { outline: 3px solid #1a56db; outline-offset: 2px; }
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Betroth local test checkout: never real money</h1>
<p class="test">This page is served by the Stripe emulator on this machine. Nothing you do here charges anyone.</p>
${content}
</main>
</body>
</html>
`;
}

/** The payment page of an open session. Actions are relative, so the page also works behind a path prefix. */
export function checkoutPage(session: SessionRecord): string {
  const { input } = session;
  const id = escapeHtml(session.id);
  const rows = input.lineItems
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}${item.description ? `<br><small>${escapeHtml(item.description)}</small>` : ''}</td>` +
        `<td>${item.quantity}</td><td class="amount">${escapeHtml(formatAmount(item.unitAmount * item.quantity, item.currency))}</td></tr>`,
    )
    .join('\n');
  const email = input.customerEmail ? `<p>Paying as ${escapeHtml(input.customerEmail)}</p>\n` : '';
  return layout(
    `Pay ${formatAmount(input.amountTotal, input.currency)} (test)`,
    `<table>
<caption>Your order</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="amount">${escapeHtml(formatAmount(input.amountTotal, input.currency))}</td></tr></tfoot>
</table>
${email}<div class="actions">
<form method="post" action="${id}/pay"><button type="submit" class="primary">Pay</button></form>
<form method="post" action="${id}/pay-later"><button type="submit" class="secondary">Pay later (bank debit)</button></form>
<form method="post" action="${id}/cancel"><button type="submit" class="secondary">Cancel</button></form>
</div>`,
  );
}

/** A page explaining why nothing happened (unknown, complete or expired session). */
export function messagePage(message: string, link?: { href: string; label: string }): string {
  const back = link ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return layout('Test checkout', `<p role="status">${escapeHtml(message)}</p>${back}`);
}

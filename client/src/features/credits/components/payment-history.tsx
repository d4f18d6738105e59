import type { PaymentItem } from '../api/get-payment-history.ts';
import { formatAmount, formatPaymentDate } from '../hooks/credits-state.ts';

/** The member's payments, newest first; shown only when there is at least one. */
export function PaymentHistory({ payments }: { payments: PaymentItem[] }) {
  if (payments.length === 0) return null;
  return (
    <section className="credits-section" aria-labelledby="history-title">
      <h2 id="history-title">Payment History</h2>
      {/* Focusable so a keyboard can scroll it should a long amount ever make it wider than the screen. */}
      <div className="history-scroll" role="region" aria-label="Payment history table" tabIndex={0}>
        <table className="history-table">
          <caption className="visually-hidden">Your payments, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Credits</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id}>
                <td>
                  <time dateTime={payment.date}>{formatPaymentDate(payment.date)}</time>
                </td>
                <td className="num">{payment.credits}</td>
                <td className="num">{formatAmount(payment.amount, payment.currency)}</td>
                <td>
                  <span className={`payment-status status-${payment.status}`}>{payment.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

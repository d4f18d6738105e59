/**
 * The hosted checkout page and its buttons:
 *
 *   GET  /c/pay/:id            the page (or why it cannot be paid)
 *   POST /c/pay/:id/pay        pays            -> 303 to success_url
 *   POST /c/pay/:id/pay-later  delayed payment -> 303 to success_url
 *   POST /c/pay/:id/cancel     goes back       -> 303 to cancel_url
 *
 * A session that is not open answers with a message page (409) instead of acting. No API key is
 * needed here: at Stripe this is the customer's browser on checkout.stripe.com.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutPage, messagePage } from './checkout-page.ts';
import { BodyTooLargeError, closeAfterResponse, readBody, redirect, sendHtml } from './http-io.ts';
import { SessionStateError, type PaymentOutcome, type SessionStore } from './sessions.ts';

const PAGE = /^\/c\/pay\/([A-Za-z0-9_]+)$/;
const ACTION = /^\/c\/pay\/([A-Za-z0-9_]+)\/(pay|pay-later|cancel)$/;

const OUTCOMES: Record<string, PaymentOutcome> = { pay: 'paid', 'pay-later': 'async' };

function showPage(res: ServerResponse, sessions: SessionStore, id: string): void {
  const session = sessions.find(id);
  if (!session) return sendHtml(res, 404, messagePage('There is no checkout session with this id.'));
  if (session.status === 'open') return sendHtml(res, 200, checkoutPage(session));
  if (session.status === 'complete') {
    const successUrl = session.input.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    return sendHtml(res, 200, messagePage('This checkout session is already complete.', { href: successUrl, label: 'Return to Betroth' }));
  }
  sendHtml(
    res,
    200,
    messagePage('This checkout session has expired and can no longer be paid.', {
      href: session.input.cancelUrl,
      label: 'Return to Betroth',
    }),
  );
}

async function act(req: IncomingMessage, res: ServerResponse, sessions: SessionStore, id: string, action: string): Promise<void> {
  try {
    await readBody(req); // the buttons send no fields; read (and cap) it so the connection stays usable
    const outcome = OUTCOMES[action];
    redirect(res, outcome ? sessions.complete(id, outcome) : sessions.cancel(id));
  } catch (error) {
    if (error instanceof SessionStateError) return sendHtml(res, error.status, messagePage(error.message));
    if (error instanceof BodyTooLargeError) {
      closeAfterResponse(req, res);
      return sendHtml(res, 413, messagePage(error.message));
    }
    throw error;
  }
}

/** Answers a request under /c/pay/; false when the path is none of the page's. */
export async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL, sessions: SessionStore): Promise<boolean> {
  const page = PAGE.exec(url.pathname);
  if (page && (req.method === 'GET' || req.method === 'HEAD')) {
    showPage(res, sessions, page[1]);
    return true;
  }
  const action = ACTION.exec(url.pathname);
  if (action && req.method === 'POST') {
    await act(req, res, sessions, action[1], action[2]);
    return true;
  }
  return false;
}

/** The bracket-syntax form parser: what the SDK sends, and what a hostile client might. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import Stripe from 'stripe';
import { asList, FormBodyError, MAX_FORM_DEPTH, parseFormBody } from './form-body.ts';

t.test('reads nested objects and lists as the SDK encodes them', async (t) => {
  const body =
    'mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1999' +
    '&line_items[0][price_data][product_data][name]=100%20credits%20%26%20more&line_items[0][quantity]=1' +
    '&line_items[1][quantity]=2&metadata[user_id]=5&metadata[0]=zero&success_url=https%3A%2F%2Fa.example%2F%3Fid%3D%7BCHECKOUT_SESSION_ID%7D';
  const params = parseFormBody(body);
  t.same(params, {
    mode: 'payment',
    line_items: {
      0: { price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: '100 credits & more' } }, quantity: '1' },
      1: { quantity: '2' },
    },
    metadata: { user_id: '5', 0: 'zero' },
    success_url: 'https://a.example/?id={CHECKOUT_SESSION_ID}',
  });
  t.same(asList(params.line_items, 'line_items'), [
    { price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: '100 credits & more' } }, quantity: '1' },
    { quantity: '2' },
  ]);
});

t.test('percent-encoded brackets, + for spaces, empty-bracket appends and the last value winning', async (t) => {
  t.same(parseFormBody('metadata%5Bnote%5D=a+b&tags[]=x&tags[]=y&mode=setup&mode=payment'), {
    metadata: { note: 'a b' },
    tags: { 0: 'x', 1: 'y' },
    mode: 'payment',
  });
});

t.test('prototype keys are refused wherever they appear, and nothing is polluted', async (t) => {
  for (const body of [
    '__proto__[x]=1',
    'a[__proto__][x]=1',
    'constructor[prototype][x]=1',
    'a[b][prototype]=1',
    '%5F%5Fproto%5F%5F[x]=1',
  ]) {
    t.throws(() => parseFormBody(body), { constructor: FormBodyError, message: /reserved key/ }, body);
  }
  t.equal(({} as Record<string, unknown>).x, undefined);
  t.same(
    parseFormBody('metadata[toString]=1&metadata[hasOwnProperty]=2&metadata[constructor_id]=3'),
    {
      metadata: { toString: '1', hasOwnProperty: '2', constructor_id: '3' },
    },
    'names that merely resemble built-ins are ordinary keys',
  );
});

t.test('depth, malformed names and value/object conflicts are refused', async (t) => {
  const atLimit = `a${'[b]'.repeat(MAX_FORM_DEPTH)}=1`;
  t.doesNotThrow(() => parseFormBody(atLimit));
  t.throws(() => parseFormBody(`a${'[b]'.repeat(MAX_FORM_DEPTH + 1)}=1`), { message: /nested too deeply/ });
  t.throws(() => parseFormBody(`a${'[b]'.repeat(100_000)}=1`), { message: /nested too deeply/ });
  for (const body of ['[a]=1', 'a[b=1', 'a[b]c=1', 'a[b[c]]=1'])
    t.throws(() => parseFormBody(body), { message: /Invalid parameter name/, param: body.split('=')[0] }, body);
  t.throws(() => parseFormBody('a=1&a[b]=2'), { message: /both as a value and as a nested object/ });
  t.throws(() => parseFormBody('a[b]=2&a=1'), { message: /both as a value and as a nested object/ });
});

t.test('asList wants indexes 0..n-1', async (t) => {
  t.equal(asList(undefined, 'l'), undefined);
  t.same(asList('', 'l'), [], 'an empty value is an empty list');
  t.same(asList({ 1: 'b', 0: 'a' }, 'l'), ['a', 'b']);
  t.throws(() => asList({ 0: 'a', 2: 'c' }, 'l'), { message: /without gaps/ });
  t.throws(() => asList({ x: 'a' }, 'l'), { message: /must be a list/ });
  t.throws(() => asList({ '01': 'a' }, 'l'), { message: /must be a list/ });
  t.throws(() => asList('text', 'l'), { message: /must be a list/ });
});

t.test('the parser reads back exactly what the SDK sends', async (t) => {
  // A server that keeps the raw body the SDK's own encoder produced.
  let sent = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      sent = Buffer.concat(chunks).toString('utf8');
      res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":{"type":"invalid_request_error","message":"captured"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  const port = (server.address() as AddressInfo).port;
  const stripe = new Stripe('sk_test_x', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  await t.rejects(
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 3, price_data: { currency: 'usd', unit_amount: 5, product_data: { name: 'A&B [x]=y +%' } } }],
      metadata: { 'key with spaces': 'v=1&w' },
      success_url: 'https://a.example/?id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://a.example/',
    }),
  );
  t.same(parseFormBody(sent), {
    mode: 'payment',
    line_items: { 0: { quantity: '3', price_data: { currency: 'usd', unit_amount: '5', product_data: { name: 'A&B [x]=y +%' } } } },
    metadata: { 'key with spaces': 'v=1&w' },
    success_url: 'https://a.example/?id={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://a.example/',
  });
});

/**
 * Validates the parameters of POST /v1/checkout/sessions the way Stripe does for the subset the
 * emulator implements (mode 'payment' with inline price_data), with Stripe's messages, params
 * and codes, so a request the emulator accepts is one real Stripe accepts too.
 *
 * Every top-level parameter real Stripe knows is accepted; the ones that change what the
 * emulator would have to model (customers, prices, discounts, other modes, embedded UIs) are
 * refused with a message saying so, the rest are ignored. Unknown names are refused as Stripe
 * refuses them, so a typo fails here rather than in production.
 */
import { asList, type FormObject, type FormValue } from './form-body.ts';
import { emptyParam, invalidRequest, missingParam, unknownParam } from './stripe-errors.ts';

export interface LineItemInput {
  name: string;
  description: string | null;
  currency: string;
  unitAmount: number;
  quantity: number;
}

export interface SessionInput {
  successUrl: string;
  cancelUrl: string;
  lineItems: LineItemInput[];
  currency: string;
  amountTotal: number;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  /** Unix seconds; null = Stripe's default of 24 hours after creation. */
  expiresAt: number | null;
  locale: string | null;
}

// The top-level names of SessionCreateParams in the stripe SDK's types.
const KNOWN_PARAMS = new Set(
  (
    'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax billing_address_collection ' +
    'branding_settings cancel_url client_reference_id consent_collection currency custom_fields custom_text customer customer_account ' +
    'customer_creation customer_email customer_update discounts excluded_payment_method_types expand expires_at integration_identifier ' +
    'invoice_creation line_items locale managed_payments metadata mode name_collection optional_items origin_context payment_intent_data ' +
    'payment_method_collection payment_method_configuration payment_method_data payment_method_options payment_method_types permissions ' +
    'phone_number_collection redirect_on_completion return_url saved_payment_method_options setup_intent_data shipping_address_collection ' +
    'shipping_options submit_type subscription_data success_url tax_id_collection ui_mode wallet_options'
  ).split(' '),
);

const UNSUPPORTED: Record<string, string> = {
  customer: 'The Stripe emulator has no Customer objects: pass customer_email instead.',
  customer_account: 'The Stripe emulator has no accounts.',
  discounts: 'The Stripe emulator has no coupons or promotion codes.',
  optional_items: 'The Stripe emulator does not implement optional items.',
  subscription_data: "The Stripe emulator implements only mode 'payment'.",
  setup_intent_data: "The Stripe emulator implements only mode 'payment'.",
  return_url: 'The Stripe emulator implements only the hosted checkout page (success_url and cancel_url).',
  redirect_on_completion: 'The Stripe emulator implements only the hosted checkout page (success_url and cancel_url).',
  expand: 'The Stripe emulator does not implement expand.',
};

const LINE_ITEM_KEYS = new Set(['adjustable_quantity', 'dynamic_tax_rates', 'metadata', 'price', 'price_data', 'quantity', 'tax_rates']);
const PRICE_DATA_KEYS = new Set(['currency', 'product', 'product_data', 'recurring', 'tax_behavior', 'unit_amount', 'unit_amount_decimal']);
const PRODUCT_DATA_KEYS = new Set(['description', 'images', 'metadata', 'name', 'tax_code', 'tax_details', 'unit_label']);

/** Stripe's ceiling for one amount (eight digits in the smallest currency unit). */
const MAX_AMOUNT = 99_999_999;
const MAX_QUANTITY = 999_999;
const MAX_LINE_ITEMS = 100;
const HALF_HOUR = 30 * 60;
const DAY = 24 * 60 * 60;

function checkKeys(object: FormObject, known: Set<string>, prefix: string): void {
  for (const key of Object.keys(object)) {
    const param = prefix ? `${prefix}[${key}]` : key;
    if (!known.has(key)) throw unknownParam(param);
  }
}

function objectParam(value: FormValue | undefined, param: string): FormObject | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') throw invalidRequest(`Invalid object: ${param} must be a hash.`, param, 'parameter_invalid_object');
  return value;
}

function stringParam(value: FormValue | undefined, param: string, maxLength = 5000): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${param} must be a string, not a hash.`, param, 'parameter_invalid_string');
  if (value.length > maxLength)
    throw invalidRequest(`Invalid string: ${param} must be at most ${maxLength} characters long.`, param, 'parameter_invalid_string');
  return value;
}

function requiredString(value: FormValue | undefined, param: string, maxLength?: number): string {
  const text = stringParam(value, param, maxLength);
  if (text === undefined) throw missingParam(param);
  if (text === '') throw emptyParam(param);
  return text;
}

function integerParam(value: FormValue | undefined, param: string, min: number, max: number): number | undefined {
  const text = stringParam(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  const number = Number(text);
  if (number < min) throw invalidRequest(`This value must be greater than or equal to ${min}.`, param, 'parameter_invalid_integer');
  if (number > max) throw invalidRequest(`This value must be less than or equal to ${max}.`, param, 'parameter_invalid_integer');
  return number;
}

/** An absolute http(s) URL that can also travel in a Location header as it is (printable ASCII). */
function urlParam(value: FormValue | undefined, param: string): string {
  const url = requiredString(value, param);
  let parsed: URL | null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !/^[\x21-\x7e]+$/.test(url)) {
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  }
  return url;
}

function metadataParam(value: FormValue | undefined, param: string): Record<string, string> {
  const object = objectParam(value === '' ? {} : value, param) ?? {};
  const metadata: Record<string, string> = {};
  const keys = Object.keys(object);
  if (keys.length > 50) throw invalidRequest('Invalid metadata: metadata can have at most 50 keys.', param);
  for (const key of keys) {
    if (key.length > 40) throw invalidRequest(`Invalid metadata: keys can be at most 40 characters long.`, `${param}[${key}]`);
    const text = stringParam(object[key], `${param}[${key}]`, 500);
    // An empty value unsets a key in Stripe; on create that simply means no key.
    if (text) metadata[key] = text;
  }
  return metadata;
}

function lineItem(value: FormValue, index: number): LineItemInput {
  const param = `line_items[${index}]`;
  const item = objectParam(value, param)!;
  checkKeys(item, LINE_ITEM_KEYS, param);
  if (item.price !== undefined) throw invalidRequest('The Stripe emulator has no Price objects: use price_data.', `${param}[price]`);
  const priceData = objectParam(item.price_data, `${param}[price_data]`);
  if (!priceData) throw missingParam(`${param}[price_data]`);
  const pricePrefix = `${param}[price_data]`;
  checkKeys(priceData, PRICE_DATA_KEYS, pricePrefix);
  for (const key of ['product', 'recurring', 'unit_amount_decimal']) {
    if (priceData[key] !== undefined) {
      throw invalidRequest(
        `The Stripe emulator implements only price_data with currency, unit_amount and product_data.`,
        `${pricePrefix}[${key}]`,
      );
    }
  }
  const currency = requiredString(priceData.currency, `${pricePrefix}[currency]`).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw invalidRequest(`Invalid currency: ${currency}.`, `${pricePrefix}[currency]`, 'parameter_invalid_string');
  const unitAmount = integerParam(priceData.unit_amount, `${pricePrefix}[unit_amount]`, 0, MAX_AMOUNT);
  if (unitAmount === undefined) throw missingParam(`${pricePrefix}[unit_amount]`);
  const productData = objectParam(priceData.product_data, `${pricePrefix}[product_data]`);
  if (!productData) throw missingParam(`${pricePrefix}[product_data]`);
  checkKeys(productData, PRODUCT_DATA_KEYS, `${pricePrefix}[product_data]`);
  const name = requiredString(productData.name, `${pricePrefix}[product_data][name]`, 250);
  const description = stringParam(productData.description, `${pricePrefix}[product_data][description]`, 40_000) || null;
  const quantity = integerParam(item.quantity, `${param}[quantity]`, 1, MAX_QUANTITY);
  if (quantity === undefined) throw missingParam(`${param}[quantity]`);
  metadataParam(item.metadata, `${param}[metadata]`);
  return { name, description, currency, unitAmount, quantity };
}

function lineItems(value: FormValue | undefined): LineItemInput[] {
  const list = asList(value, 'line_items');
  if (!list || list.length === 0) throw missingParam('line_items');
  if (list.length > MAX_LINE_ITEMS) throw invalidRequest(`A Checkout Session can have at most ${MAX_LINE_ITEMS} line items.`, 'line_items');
  const items = list.map(lineItem);
  if (items.some((item) => item.currency !== items[0].currency)) {
    throw invalidRequest('All prices on a Checkout Session must have the same currency.', 'line_items');
  }
  return items;
}

/** The validated, normalised input of a new session; throws a StripeApiError (400) otherwise. */
export function parseSessionParams(params: FormObject, nowSeconds: number): SessionInput {
  checkKeys(params, KNOWN_PARAMS, '');
  for (const key of Object.keys(params)) {
    if (UNSUPPORTED[key]) throw invalidRequest(UNSUPPORTED[key], key);
  }
  const uiMode = stringParam(params.ui_mode, 'ui_mode');
  if (uiMode !== undefined && uiMode !== 'hosted' && uiMode !== 'hosted_page') {
    throw invalidRequest('The Stripe emulator implements only the hosted checkout page.', 'ui_mode');
  }
  const mode = requiredString(params.mode, 'mode');
  if (mode !== 'payment') throw invalidRequest(`The Stripe emulator implements only mode 'payment', not '${mode}'.`, 'mode');
  const successUrl = urlParam(params.success_url, 'success_url');
  const cancelUrl = urlParam(params.cancel_url, 'cancel_url');
  const items = lineItems(params.line_items);
  const amountTotal = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (amountTotal > MAX_AMOUNT) throw invalidRequest(`The total amount must be at most ${MAX_AMOUNT}.`, 'line_items');
  const currency = stringParam(params.currency, 'currency')?.toLowerCase();
  if (currency !== undefined && currency !== items[0].currency) {
    throw invalidRequest('The currency must match the currency of the line items.', 'currency');
  }
  const expiresAt = integerParam(params.expires_at, 'expires_at', nowSeconds + HALF_HOUR, nowSeconds + DAY) ?? null;
  return {
    successUrl,
    cancelUrl,
    lineItems: items,
    currency: items[0].currency,
    amountTotal,
    clientReferenceId: stringParam(params.client_reference_id, 'client_reference_id', 200) || null,
    customerEmail: stringParam(params.customer_email, 'customer_email', 800) || null,
    metadata: metadataParam(params.metadata, 'metadata'),
    expiresAt,
    locale: stringParam(params.locale, 'locale') || null,
  };
}

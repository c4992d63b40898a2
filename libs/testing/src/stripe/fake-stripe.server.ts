import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type StripeParams, param, parseStripeForm, stringList, stringMap } from './stripe-form';

/** One request as the fake received it. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  query: StripeParams;
  body: StripeParams;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  authorization: string | null;
}

export interface FakePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  lookup_key: string | null;
  product: string;
  recurring: { interval: string; interval_count: number } | null;
  type: 'recurring' | 'one_time';
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface FakeProduct {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

/** A token pack's or a paid invoice's charge, with its refunds and disputes (DECISIONS 27). */
export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  disputed: boolean;
  currency: string;
  customer: string | null;
  payment_intent: string;
  status: 'succeeded';
  livemode: false;
  created: number;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string;
  status: string;
  livemode: false;
  created: number;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  subscription: string | null;
  /** Payment mode: set once paid, as Stripe does. */
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number | null;
  currency: string | null;
  url: string;
  success_url: string | null;
  cancel_url: string | null;
  livemode: false;
  created: number;
  expires_at: number;
  /** What the request asked for (not part of Stripe's object; handy in assertions). */
  line_items_requested: StripeParams[];
  subscription_metadata: Record<string, string>;
}

export interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  price: FakePrice;
  quantity: number;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  pending_update: null | { expires_at: number };
  currency: string;
  livemode: false;
  created: number;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid' | 'open';
  billing_reason: string;
  amount_paid: number;
  currency: string;
  hosted_invoice_url: string;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: 'list';
    has_more: false;
    data: Array<{
      id: string;
      object: 'line_item';
      amount: number;
      currency: string;
      period: { start: number; end: number };
      pricing: { type: 'price_details'; price_details: { price: string; product: string } };
    }>;
  };
  livemode: false;
  created: number;
}

/** A refund created through the API (billing refunds a duplicate subscription's first invoice). */
export interface FakeApiRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  /** The invoice whose payment the PaymentIntent was (not part of Stripe's object). */
  invoice: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

type StripeObject =
  | FakePrice
  | FakeProduct
  | FakeCustomer
  | FakeCheckoutSession
  | FakeSubscription
  | FakeInvoice
  | FakeCharge
  | { id: string; object: string; [key: string]: unknown };

interface Reply {
  status: number;
  body: unknown;
}

const DAY = 24 * 3600;

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function newId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

function missing(kind: string, id: string): Reply {
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${id}'`,
        param: 'id',
      },
    },
  };
}

/**
 * A local HTTP server that answers the Stripe API calls billing makes, with realistic JSON, and
 * records every request (including its Idempotency-Key). Point the real SDK at it with
 * STRIPE_API_BASE=fake.url. Like Stripe, a POST repeated with the same Idempotency-Key gets the
 * first response back. Tests drive the "Stripe side" (a customer paying, a subscription being
 * cancelled) with the helper methods, then deliver the matching events.
 */
export class FakeStripeServer {
  readonly requests: RecordedStripeRequest[] = [];
  /** Charges of paid token packs and invoices, and their disputes (DECISIONS 27). */
  readonly charges = new Map<string, FakeCharge>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly prices = new Map<string, FakePrice>();
  readonly products = new Map<string, FakeProduct>();
  /** Refunds made through the API (POST /v1/refunds), by id. */
  readonly apiRefunds = new Map<string, FakeApiRefund>();
  /** The PaymentIntent that paid each paid invoice (GET /v1/invoice_payments), made on first read. */
  private readonly invoicePaymentIntents = new Map<string, string>();
  private readonly idempotent = new Map<string, Reply>();
  private readonly failures: Array<{
    method: string;
    pathPrefix: string;
    remaining: number;
    status: number;
  }> = [];
  private server: Server | null = null;
  private port = 0;

  static async start(): Promise<FakeStripeServer> {
    const fake = new FakeStripeServer();
    await fake.listen();
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Requests with this method whose path starts with the prefix, oldest first. */
  requestsTo(method: string, pathPrefix: string): RecordedStripeRequest[] {
    return this.requests.filter(
      (request) => request.method === method && request.path.startsWith(pathPrefix),
    );
  }

  /** The next `count` matching requests fail with Stripe's api_error (an outage, as the SDK sees it). */
  failRequests(method: string, pathPrefix: string, count: number, status = 500): void {
    this.failures.push({ method, pathPrefix, remaining: count, status });
  }

  // ---------------------------------------------------------------------------------------------
  // The Stripe side of a scenario
  // ---------------------------------------------------------------------------------------------

  /** A recurring GBP price (as stripe:setup would create), optionally under a lookup key. */
  addPrice(fields: { unitAmount: number; lookupKey?: string; metadata?: Record<string, string> }): FakePrice {
    const product = this.addProduct({ id: newId('prod'), name: 'Plan' });
    const price: FakePrice = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: 'gbp',
      unit_amount: fields.unitAmount,
      lookup_key: fields.lookupKey ?? null,
      product: product.id,
      recurring: { interval: 'month', interval_count: 1 },
      type: 'recurring',
      metadata: fields.metadata ?? {},
      livemode: false,
      created: now(),
    };
    this.prices.set(price.id, price);
    return price;
  }

  addProduct(fields: { id: string; name: string; metadata?: Record<string, string> }): FakeProduct {
    const product: FakeProduct = {
      id: fields.id,
      object: 'product',
      name: fields.name,
      active: true,
      metadata: fields.metadata ?? {},
      livemode: false,
      created: now(),
    };
    this.products.set(product.id, product);
    return product;
  }

  /**
   * The customer pays: the session completes. In subscription mode Stripe also creates the
   * subscription (active, one month) and its first invoice, paid.
   */
  completeCheckoutSession(
    id: string,
    { paid = true }: { paid?: boolean } = {},
  ): { session: FakeCheckoutSession; subscription: FakeSubscription | null; invoice: FakeInvoice | null } {
    const session = this.mustGet(this.sessions, id);
    session.status = 'complete';
    session.payment_status = paid ? 'paid' : 'unpaid';
    if (session.mode === 'payment' && paid && !session.payment_intent) this.chargeSession(session);
    if (session.mode !== 'subscription' || !session.customer)
      return { session, subscription: null, invoice: null };
    const priceId = param(session.line_items_requested[0], 'price') ?? '';
    const subscription = this.createSubscription({
      customer: session.customer,
      priceId,
      metadata: session.subscription_metadata,
    });
    session.subscription = subscription.id;
    const invoice = this.createInvoice(subscription.id, { billingReason: 'subscription_create' });
    return { session, subscription, invoice };
  }

  createSubscription(fields: {
    customer: string;
    priceId: string;
    status?: string;
    metadata?: Record<string, string>;
    periodEnd?: number;
  }): FakeSubscription {
    const price = this.mustGet(this.prices, fields.priceId);
    const start = now();
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      status: fields.status ?? 'active',
      customer: fields.customer,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      metadata: fields.metadata ?? {},
      items: {
        object: 'list',
        has_more: false,
        url: '/v1/subscription_items',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: fields.periodEnd ?? start + 30 * DAY,
            price,
            quantity: 1,
          },
        ],
      },
      latest_invoice: null,
      pending_update: null,
      currency: 'gbp',
      livemode: false,
      created: start,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** Changes a subscription as the dashboard, the portal or Stripe's clock would. */
  updateSubscription(
    id: string,
    patch: { status?: string; cancelAtPeriodEnd?: boolean; priceId?: string; periodEnd?: number },
  ): FakeSubscription {
    const subscription = this.mustGet(this.subscriptions, id);
    if (patch.status !== undefined) {
      subscription.status = patch.status;
      if (patch.status === 'canceled') subscription.canceled_at = now();
    }
    if (patch.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = patch.cancelAtPeriodEnd;
    for (const item of subscription.items.data) {
      if (patch.priceId !== undefined) item.price = this.mustGet(this.prices, patch.priceId);
      if (patch.periodEnd !== undefined) item.current_period_end = patch.periodEnd;
    }
    return subscription;
  }

  /** A paid invoice for the subscription's current period (or the given one). */
  createInvoice(
    subscriptionId: string,
    fields: {
      billingReason?: string;
      periodStart?: number;
      periodEnd?: number;
      status?: 'paid' | 'open';
    } = {},
  ): FakeInvoice {
    const subscription = this.mustGet(this.subscriptions, subscriptionId);
    const item = subscription.items.data[0];
    const start = fields.periodStart ?? item?.current_period_start ?? now();
    const end = fields.periodEnd ?? item?.current_period_end ?? start + 30 * DAY;
    const id = newId('in');
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: fields.status ?? 'paid',
      billing_reason: fields.billingReason ?? 'subscription_cycle',
      amount_paid: item?.price.unit_amount ?? 0,
      currency: 'gbp',
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      period_start: start,
      period_end: start,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: item
          ? [
              {
                id: newId('il'),
                object: 'line_item',
                amount: item.price.unit_amount,
                currency: 'gbp',
                period: { start, end },
                pricing: {
                  type: 'price_details',
                  price_details: { price: item.price.id, product: item.price.product },
                },
              },
            ]
          : [],
      },
      livemode: false,
      created: now(),
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** The charge that paid a payment-mode session (made when the session was paid). */
  chargeOf(sessionId: string): FakeCharge {
    const session = this.mustGet(this.sessions, sessionId);
    const charge = [...this.charges.values()].find(
      (candidate) => candidate.payment_intent === session.payment_intent,
    );
    if (!charge) throw new Error(`The fake Stripe has no charge for ${sessionId}`);
    return charge;
  }

  /** A refund from the dashboard: `amount` more (default: all that is left) comes back. */
  refundCharge(chargeId: string, amount?: number): FakeCharge {
    const charge = this.mustGet(this.charges, chargeId);
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
    charge.refunded = charge.amount_refunded === charge.amount;
    return charge;
  }

  /** The cardholder disputes the charge (charge.dispute.created follows). */
  disputeCharge(chargeId: string): FakeDispute {
    const charge = this.mustGet(this.charges, chargeId);
    charge.disputed = true;
    const dispute: FakeDispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
      livemode: false,
      created: now(),
    };
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  /** The bank decides (charge.dispute.closed follows). */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): FakeDispute {
    const dispute = this.mustGet(this.disputes, disputeId);
    dispute.status = outcome;
    return dispute;
  }

  private chargeSession(session: FakeCheckoutSession): void {
    const paymentIntent = newId('pi');
    session.payment_intent = paymentIntent;
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: session.amount_total ?? 0,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      currency: session.currency ?? 'gbp',
      customer: session.customer,
      payment_intent: paymentIntent,
      status: 'succeeded',
      livemode: false,
      created: now(),
    };
    this.charges.set(charge.id, charge);
  }

  // ---------------------------------------------------------------------------------------------
  // HTTP
  // ---------------------------------------------------------------------------------------------

  private async listen(): Promise<void> {
    this.server = createServer((request, response) => {
      // Routing errors already answer 500; what is left (a body that breaks off, a form that does
      // not parse) has no answer to give, so the connection is dropped.
      this.handle(request, response).catch(() => response.destroy());
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const recorded: RecordedStripeRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      body: parseStripeForm(Buffer.concat(chunks).toString('utf8')),
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      authorization: header('authorization'),
    };
    this.requests.push(recorded);
    const replayKey =
      recorded.method === 'POST' && recorded.idempotencyKey
        ? `${recorded.path} ${recorded.idempotencyKey}`
        : null;
    const failure = this.failures.find(
      (candidate) =>
        candidate.remaining > 0 &&
        candidate.method === recorded.method &&
        recorded.path.startsWith(candidate.pathPrefix),
    );
    let reply = replayKey ? this.idempotent.get(replayKey) : undefined;
    if (!reply && failure) {
      failure.remaining -= 1;
      reply = {
        status: failure.status,
        body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
      };
    }
    if (!reply) {
      try {
        reply = this.route(recorded);
      } catch (error) {
        reply = { status: 500, body: { error: { type: 'api_error', message: String(error) } } };
      }
      if (replayKey && reply.status < 500) this.idempotent.set(replayKey, reply);
    }
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(8).toString('hex')}`,
      ...(recorded.idempotencyKey ? { 'idempotency-key': recorded.idempotencyKey } : {}),
    });
    response.end(JSON.stringify(reply.body));
  }

  private route(request: RecordedStripeRequest): Reply {
    const { method, path } = request;
    const [, version, resource, id, action] = path.split('/');
    if (version !== 'v1') return this.unknown(path);
    const key = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST customers':
        return this.ok(this.createCustomer(request.body));
      case 'GET customers/:id':
        return this.found('customer', this.customers, id);
      case 'GET subscriptions/:id':
        return this.found('subscription', this.subscriptions, id, request.query);
      case 'POST subscriptions/:id':
        return this.updateSubscriptionFromApi(id ?? '', request.body);
      case 'GET subscriptions':
        return this.ok(this.listSubscriptions(request.query));
      case 'DELETE subscriptions/:id':
        return this.cancelSubscriptionFromApi(id ?? '');
      case 'GET invoice_payments':
        return this.ok(this.listInvoicePayments(request.query));
      case 'POST refunds':
        return this.createRefundFromApi(request.body);
      case 'GET invoices/:id':
        return this.found('invoice', this.invoices, id);
      case 'GET charges/:id':
        return this.found('charge', this.charges, id);
      case 'GET disputes':
        return this.ok(
          this.list(
            '/v1/disputes',
            [...this.disputes.values()]
              .filter((dispute) => dispute.charge === param(request.query, 'charge'))
              .reverse(),
          ),
        );
      case 'GET prices':
        return this.ok(this.listPrices(request.query));
      case 'POST prices':
        return this.createPrice(request.body);
      case 'GET products/:id':
        return this.found('product', this.products, id);
      case 'POST products':
        return this.createProduct(request.body);
      default:
        break;
    }
    // Two-segment resources: checkout/sessions, billing_portal/sessions.
    const [, , group, name, objectId] = path.split('/');
    const nested = `${method} ${group}/${name}${objectId ? '/:id' : ''}`;
    if (nested === 'POST checkout/sessions') return this.createCheckoutSession(request.body);
    if (nested === 'GET checkout/sessions') {
      const paymentIntent = param(request.query, 'payment_intent');
      return this.ok(
        this.list(
          '/v1/checkout/sessions',
          [...this.sessions.values()].filter(
            (session) => paymentIntent === undefined || session.payment_intent === paymentIntent,
          ),
        ),
      );
    }
    if (nested === 'GET checkout/sessions/:id')
      return this.found('checkout.session', this.sessions, objectId);
    if (nested === 'POST billing_portal/sessions') return this.createPortalSession(request.body);
    return this.unknown(path);
  }

  private createCustomer(body: StripeParams): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId('cus'),
      object: 'customer',
      email: param(body, 'email') ?? null,
      name: param(body, 'name') ?? null,
      metadata: stringMap(body.metadata),
      livemode: false,
      created: now(),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createCheckoutSession(body: StripeParams): Reply {
    const mode = param(body, 'mode');
    if (mode !== 'payment' && mode !== 'subscription') return this.invalid('mode', 'Invalid mode');
    const lineItems = Array.isArray(body.line_items)
      ? body.line_items.filter(
          (item): item is StripeParams => typeof item === 'object' && !Array.isArray(item),
        )
      : [];
    if (lineItems.length === 0) return this.invalid('line_items', 'line_items is required');
    const customer = param(body, 'customer') ?? null;
    if (customer && !this.customers.has(customer)) return missing('customer', customer);
    let amount = 0;
    for (const item of lineItems) {
      const quantity = Number(param(item, 'quantity') ?? '1');
      const priceId = param(item, 'price');
      if (priceId) {
        const price = this.prices.get(priceId);
        if (!price) return missing('price', priceId);
        amount += price.unit_amount * quantity;
      } else {
        amount += Number(param(item, 'price_data', 'unit_amount') ?? 'NaN') * quantity;
      }
    }
    const id = newId('cs');
    const created = now();
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      customer,
      subscription: null,
      payment_intent: null,
      client_reference_id: param(body, 'client_reference_id') ?? null,
      metadata: stringMap(body.metadata),
      amount_total: amount,
      currency: param(lineItems[0], 'price_data', 'currency') ?? 'gbp',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      success_url: param(body, 'success_url') ?? null,
      cancel_url: param(body, 'cancel_url') ?? null,
      livemode: false,
      created,
      expires_at: created + DAY,
      line_items_requested: lineItems,
      subscription_metadata: stringMap(
        typeof body.subscription_data === 'object' && !Array.isArray(body.subscription_data)
          ? body.subscription_data.metadata
          : undefined,
      ),
    };
    this.sessions.set(id, session);
    return this.ok(session);
  }

  private createPortalSession(body: StripeParams): Reply {
    const customer = param(body, 'customer') ?? '';
    if (!this.customers.has(customer)) return missing('customer', customer);
    const id = newId('bps');
    return this.ok({
      id,
      object: 'billing_portal.session',
      customer,
      return_url: param(body, 'return_url') ?? null,
      url: `https://billing.stripe.test/p/session/${id}`,
      livemode: false,
      created: now(),
    });
  }

  /** Plan changes (items[0][price]) with proration; `expand[]=latest_invoice` inlines the invoice. */
  private updateSubscriptionFromApi(id: string, body: StripeParams): Reply {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    const newPrice = param(body, 'items', 0, 'price');
    if (newPrice) {
      if (!this.prices.has(newPrice)) return missing('price', newPrice);
      this.updateSubscription(id, { priceId: newPrice });
      if (param(body, 'proration_behavior') === 'always_invoice') {
        this.createInvoice(id, { billingReason: 'subscription_update' });
      }
    }
    const cancel = param(body, 'cancel_at_period_end');
    if (cancel !== undefined) subscription.cancel_at_period_end = cancel === 'true';
    const metadata = stringMap(body.metadata);
    if (Object.keys(metadata).length > 0) subscription.metadata = { ...subscription.metadata, ...metadata };
    return this.ok(this.expanded(subscription, stringList(body.expand)));
  }

  /** `customer` and `status` (a status, or `all`; by default every status but canceled). */
  private listSubscriptions(query: StripeParams): {
    object: 'list';
    data: FakeSubscription[];
    has_more: false;
    url: string;
  } {
    const customer = param(query, 'customer');
    const status = param(query, 'status');
    const data = [...this.subscriptions.values()].filter(
      (subscription) =>
        (customer === undefined || subscription.customer === customer) &&
        (status === 'all' ||
          (status === undefined ? subscription.status !== 'canceled' : subscription.status === status)),
    );
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  }

  /** Cancels at once (DELETE /v1/subscriptions/:id); cancelling a cancelled one is Stripe's 400. */
  private cancelSubscriptionFromApi(id: string): Reply {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    if (subscription.status === 'canceled') {
      return this.invalid(
        'subscription',
        `A canceled subscription can only update its cancellation_details and metadata.`,
      );
    }
    this.updateSubscription(id, { status: 'canceled', cancelAtPeriodEnd: false });
    return this.ok(subscription);
  }

  /**
   * The payments of an invoice (`invoice=`), or of a PaymentIntent (`payment[payment_intent]=`):
   * one PaymentIntent per paid invoice.
   */
  private listInvoicePayments(query: StripeParams): {
    object: 'list';
    data: Array<Record<string, unknown>>;
    has_more: false;
    url: string;
  } {
    const paymentIntent = param(query, 'payment', 'payment_intent');
    const invoiceId =
      paymentIntent === undefined
        ? (param(query, 'invoice') ?? '')
        : ([...this.invoicePaymentIntents.entries()].find(([, intent]) => intent === paymentIntent)?.[0] ??
          '');
    const invoice = this.invoices.get(invoiceId);
    const data =
      invoice && invoice.status === 'paid'
        ? [
            {
              id: `inpay_${invoice.id}`,
              object: 'invoice_payment',
              invoice: invoice.id,
              amount_paid: invoice.amount_paid,
              currency: invoice.currency,
              is_default: true,
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: this.paymentIntentOf(invoice.id) },
              livemode: false,
              created: invoice.created,
            },
          ]
        : [];
    return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
  }

  private paymentIntentOf(invoiceId: string): string {
    return this.chargeOfInvoice(invoiceId).payment_intent;
  }

  /** The charge that paid an invoice (DECISIONS 27), with its PaymentIntent: made on first read. */
  chargeOfInvoice(invoiceId: string): FakeCharge {
    const invoice = this.mustGet(this.invoices, invoiceId);
    let paymentIntent = this.invoicePaymentIntents.get(invoiceId);
    const existing = paymentIntent
      ? [...this.charges.values()].find((charge) => charge.payment_intent === paymentIntent)
      : undefined;
    if (existing) return existing;
    paymentIntent ??= newId('pi');
    this.invoicePaymentIntents.set(invoiceId, paymentIntent);
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: invoice.amount_paid,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      currency: invoice.currency,
      customer: invoice.customer,
      payment_intent: paymentIntent,
      status: 'succeeded',
      livemode: false,
      created: now(),
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  /** A full refund of a PaymentIntent that paid an invoice (`payment_intent=`). */
  private createRefundFromApi(body: StripeParams): Reply {
    const paymentIntent = param(body, 'payment_intent') ?? '';
    const invoiceId =
      [...this.invoicePaymentIntents.entries()].find(([, intent]) => intent === paymentIntent)?.[0] ?? null;
    if (!invoiceId) return missing('payment_intent', paymentIntent);
    const invoice = this.mustGet(this.invoices, invoiceId);
    if ([...this.apiRefunds.values()].some((refund) => refund.payment_intent === paymentIntent)) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge for ${paymentIntent} has already been refunded.`,
          },
        },
      };
    }
    const refund: FakeApiRefund = {
      id: newId('re'),
      object: 'refund',
      amount: invoice.amount_paid,
      currency: invoice.currency,
      payment_intent: paymentIntent,
      invoice: invoice.id,
      status: 'succeeded',
      metadata: stringMap(body.metadata),
      created: now(),
    };
    this.apiRefunds.set(refund.id, refund);
    const charge = this.chargeOfInvoice(invoice.id);
    this.refundCharge(charge.id, refund.amount);
    return this.ok(refund);
  }

  private listPrices(query: StripeParams): {
    object: 'list';
    data: FakePrice[];
    has_more: false;
    url: string;
  } {
    const keys = stringList(query.lookup_keys);
    const active = param(query, 'active');
    const data = [...this.prices.values()].filter(
      (price) =>
        (keys.length === 0 || (price.lookup_key !== null && keys.includes(price.lookup_key))) &&
        (active === undefined || String(price.active) === active),
    );
    return { object: 'list', data, has_more: false, url: '/v1/prices' };
  }

  private createPrice(body: StripeParams): Reply {
    const product = param(body, 'product') ?? '';
    if (!this.products.has(product)) return missing('product', product);
    const lookupKey = param(body, 'lookup_key') ?? null;
    if (lookupKey) {
      const holder = [...this.prices.values()].find((price) => price.lookup_key === lookupKey);
      if (holder && param(body, 'transfer_lookup_key') !== 'true') {
        return this.invalid('lookup_key', `A price (${holder.id}) already uses that lookup key.`);
      }
      if (holder) holder.lookup_key = null;
    }
    const interval = param(body, 'recurring', 'interval');
    const price: FakePrice = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: param(body, 'currency') ?? 'gbp',
      unit_amount: Number(param(body, 'unit_amount') ?? '0'),
      lookup_key: lookupKey,
      product,
      recurring: interval ? { interval, interval_count: 1 } : null,
      type: interval ? 'recurring' : 'one_time',
      metadata: stringMap(body.metadata),
      livemode: false,
      created: now(),
    };
    this.prices.set(price.id, price);
    return this.ok(price);
  }

  private createProduct(body: StripeParams): Reply {
    const id = param(body, 'id') ?? newId('prod');
    if (this.products.has(id)) return this.invalid('id', `Product already exists.`);
    return this.ok(
      this.addProduct({ id, name: param(body, 'name') ?? id, metadata: stringMap(body.metadata) }),
    );
  }

  private expanded(
    subscription: FakeSubscription,
    expand: string[],
  ): FakeSubscription | Record<string, unknown> {
    if (!expand.includes('latest_invoice') || !subscription.latest_invoice) return subscription;
    return { ...subscription, latest_invoice: this.invoices.get(subscription.latest_invoice) ?? null };
  }

  private found<T extends StripeObject>(
    kind: string,
    store: Map<string, T>,
    id: string | undefined,
    query: StripeParams = {},
  ): Reply {
    const object = id ? store.get(id) : undefined;
    if (!object || !id) return missing(kind, id ?? '');
    if (object.object === 'subscription') {
      return this.ok(this.expanded(object as FakeSubscription, stringList(query.expand)));
    }
    return this.ok(object);
  }

  private list<T>(url: string, data: T[]): { object: 'list'; data: T[]; has_more: false; url: string } {
    return { object: 'list', data, has_more: false, url };
  }

  private ok(body: unknown): Reply {
    return { status: 200, body };
  }

  private invalid(field: string, message: string): Reply {
    return { status: 400, body: { error: { type: 'invalid_request_error', message, param: field } } };
  }

  private unknown(path: string): Reply {
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` } },
    };
  }

  private mustGet<T>(store: Map<string, T>, id: string): T {
    const object = store.get(id);
    if (!object) throw new Error(`The fake Stripe has no object ${id}`);
    return object;
  }
}

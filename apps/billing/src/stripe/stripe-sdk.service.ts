import { Injectable, Logger } from '@nestjs/common';
import { BILLING_MESSAGES, type BillingMode, errorMessage } from '@council/contracts';
import { DomainException } from '@council/server-kit';
import Stripe from 'stripe';
import { BillingEnv } from '../config/billing.env';

/** Retries of a request whose idempotency key is still being processed (two replicas, one request). */
const IDEMPOTENCY_IN_USE_RETRIES = 5;
const IDEMPOTENCY_IN_USE_DELAY_MS = 250;
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * SDK options from configuration. STRIPE_API_BASE points the real SDK at another server speaking
 * Stripe's API (the tests' fake). No network retries: jobs retry with backoff, and RPC callers
 * retry with the same idempotency key. The API version is the SDK's own pinned default.
 */
export function stripeClientOptions(apiBase?: string): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: REQUEST_TIMEOUT_MS,
  };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...options,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * The one place billing talks to Stripe (apps/billing/README.md). Without
 * STRIPE_SECRET_KEY there is no client and billing runs in demo mode (DECISIONS 14).
 */
@Injectable()
export class StripeSdkService {
  private readonly logger = new Logger(StripeSdkService.name);
  private readonly client: Stripe | null;
  private readonly webhookSecret: string | null;
  readonly mode: BillingMode;

  constructor(config: BillingEnv) {
    this.mode = config.billingMode;
    this.client = config.STRIPE_SECRET_KEY
      ? new Stripe(config.STRIPE_SECRET_KEY, stripeClientOptions(config.STRIPE_API_BASE))
      : null;
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  /**
   * Runs a Stripe call. Connection problems, Stripe's 5xx and rate limits become
   * SERVICE_UNAVAILABLE (a job retries; the gateway answers 503); a missing object NOT_FOUND.
   */
  async call<T>(operation: string, work: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = this.client;
    if (!stripe)
      throw new DomainException('SERVICE_UNAVAILABLE', BILLING_MESSAGES.paymentProviderUnavailable);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work(stripe);
      } catch (error) {
        if (isIdempotencyKeyInUse(error) && attempt <= IDEMPOTENCY_IN_USE_RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, IDEMPOTENCY_IN_USE_DELAY_MS * attempt));
          continue;
        }
        throw this.translate(operation, error);
      }
    }
  }

  /**
   * Verifies a webhook on its raw bytes (signature, secret and the 5-minute timestamp tolerance)
   * and returns the parsed event: a Buffer, or the text those bytes are in UTF-8. Anything wrong is
   * a 400 VALIDATION_FAILED.
   */
  constructEvent(rawBody: Buffer | string, signature: string | undefined): Stripe.Event {
    if (!this.client || !this.webhookSecret) {
      throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.webhooksDisabled);
    }
    if (!signature) throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.webhookSignatureMissing);
    try {
      return this.client.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      this.logger.warn(`Rejected a webhook: ${errorMessage(error)}`);
      throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.webhookSignatureInvalid);
    }
  }

  private translate(operation: string, error: unknown): Error {
    if (!(error instanceof Stripe.errors.StripeError))
      return error instanceof Error ? error : new Error(String(error));
    if (error.statusCode === 404 && error.code === 'resource_missing') {
      return new DomainException('NOT_FOUND', `Stripe: ${error.message}`);
    }
    this.logger.error(
      `Stripe ${operation} failed: ${error.type} ${error.statusCode ?? '-'} ${error.code ?? ''} ${error.message}`,
    );
    return new DomainException('SERVICE_UNAVAILABLE', BILLING_MESSAGES.paymentProviderUnavailable);
  }
}

function isIdempotencyKeyInUse(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 409;
}

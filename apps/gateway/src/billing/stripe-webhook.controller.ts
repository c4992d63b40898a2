import { Controller, Headers, HttpCode, HttpStatus, Post, type RawBodyRequest, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type BillingWebhookReply } from '@council/contracts';
import { type Request } from 'express';
import { STRIPE_SIGNATURE_HEADER } from './billing.constants';
import { BillingService } from './billing.service';

/**
 * Stripe's webhook endpoint: public (no session) and exempt from the origin check
 * (security.util.ts); the signature on the raw body is its authentication. The JSON body parser
 * keeps the exact bytes received as `req.rawBody` (server-kit body-parsers.ts); they go to billing
 * untouched, never re-serialised from the parsed body.
 */
@ApiTags('billing')
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly billing: BillingService) {}

  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Stripe webhook deliveries (signed event JSON)' })
  @ApiConsumes('application/json')
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 'Stripe’s signature of the body' })
  @ApiOkResponse({
    description: '{ received: true, eventId, duplicate }: recorded once and queued for processing',
  })
  @ApiBadRequestResponse({ description: 'Missing, invalid or stale signature; nothing was recorded' })
  @ApiServiceUnavailableResponse({ description: 'Billing did not answer; Stripe delivers the event again' })
  receive(
    @Req() req: RawBodyRequest<Request>,
    @Headers(STRIPE_SIGNATURE_HEADER) signature: string | undefined,
  ): Promise<BillingWebhookReply> {
    return this.billing.receiveWebhook(req.rawBody, signature);
  }
}

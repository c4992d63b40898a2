import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  type BillingTopUpReply,
  CustomerPortalDto,
  PORTAL_FLOWS,
  PACK_IDS,
  type PortalReply,
  SELLABLE_TIERS,
  SubscribeDto,
  type SubscriptionReply,
  type SubscriptionStatusResponse,
  TopUpTokensDto,
} from '@council/contracts';
import { CurrentUser } from '../auth/auth.decorator';
import { AuthenticatedGuard } from '../auth/auth.guard';
import { type AuthUser } from '../users/users.util';
import { BillingService } from './billing.service';

const UNAVAILABLE = 'Billing or the payment provider did not answer; try again';

/**
 * Spec §7's billing calls, for the signed-in user only: the user id always comes from the session,
 * never from the body (unknown body fields are refused). Billing does the work over RPC.
 */
@ApiTags('billing')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiServiceUnavailableResponse({ description: UNAVAILABLE })
@UseGuards(AuthenticatedGuard)
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Get('subscription')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description:
      '{ tier, status, currentPeriodEnd, cancelAtPeriodEnd, tokensLeft, monthlyTokens, purchasedTokens, ' +
      'freeTokens, tokenAllowance, queriesLeft, nextTokenReset, hasBillingAccount, demoMode }',
  })
  subscription(@CurrentUser() user: AuthUser): Promise<SubscriptionStatusResponse> {
    return this.billing.status(user.id);
  }

  @Post('get-or-create-subscription')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['tier'],
      properties: { tier: { type: 'string', enum: [...SELLABLE_TIERS] } },
    },
  })
  @ApiOkResponse({
    description:
      '{ url } to Stripe Checkout (or the demo checkout page); { message: "Already subscribed" }; ' +
      'premium → max: { url, upgraded: true } once upgraded in place (url back to /subscription)',
  })
  @ApiBadRequestResponse({ description: 'tier is not premium or max' })
  @ApiTooManyRequestsResponse({ description: 'Too many checkouts started; see Retry-After' })
  subscribe(@CurrentUser() user: AuthUser, @Body() dto: SubscribeDto): Promise<SubscriptionReply> {
    return this.billing.subscribe(user.id, dto.tier);
  }

  @Post('create-customer-portal-session')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        returnUrl: {
          type: 'string',
          format: 'uri',
          description: 'Where the portal sends the user back; must be on this site (default /subscription)',
        },
        flow: {
          type: 'string',
          enum: [...PORTAL_FLOWS],
          description:
            'payment_method: manage the card (never cancels); cancel: cancel at the end of the paid period',
        },
      },
    },
  })
  @ApiOkResponse({ description: '{ url } of the Stripe customer portal (or the demo page)' })
  @ApiBadRequestResponse({
    description: 'No billing account yet (never subscribed or bought tokens), or returnUrl not on this site',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many sessions started; see Retry-After' })
  portal(@CurrentUser() user: AuthUser, @Body() dto: CustomerPortalDto): Promise<PortalReply> {
    return this.billing.portal(user.id, dto.returnUrl, dto.flow);
  }

  @Post('top-up-tokens')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['packageId'],
      properties: { packageId: { type: 'string', enum: [...PACK_IDS] } },
    },
  })
  @ApiOkResponse({
    description: '{ url, sessionId }: a one-time Stripe Checkout in GBP (or the demo checkout page)',
  })
  @ApiBadRequestResponse({ description: '"Please select a token package": unknown packageId' })
  @ApiTooManyRequestsResponse({ description: 'Too many checkouts started; see Retry-After' })
  topUp(@CurrentUser() user: AuthUser, @Body() dto: TopUpTokensDto): Promise<BillingTopUpReply> {
    return this.billing.topUp(user.id, dto.packageId);
  }
}

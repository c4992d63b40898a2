import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  type BillingDemoConfirmReply,
  type BillingDemoSessionReply,
  DemoConfirmDto,
} from '@council/contracts';
import { CurrentUser } from '../auth/auth.decorator';
import { AuthenticatedGuard } from '../auth/auth.guard';
import { type AuthUser } from '../users/users.util';
import { DEMO_CHECKOUT_API_PATH } from './billing.constants';
import { BillingService } from './billing.service';

/**
 * The demo checkout (DECISIONS 14): without STRIPE_SECRET_KEY, checkout, upgrade and portal urls lead
 * to the web page `/demo-checkout/<id>` (DEMO_CHECKOUT_PATH), which reads the session here and
 * confirms it here. Only the user who started a demo checkout sees it; any other id is 404.
 */
@ApiTags('billing')
@ApiCookieAuth()
@ApiParam({ name: 'id', description: 'The demo checkout id from the checkout url (cs_demo_…)' })
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiNotFoundResponse({
  description: 'Unknown, expired or another user’s demo checkout, or billing is not in demo mode',
})
@ApiServiceUnavailableResponse({ description: 'Billing did not answer; try again' })
@UseGuards(AuthenticatedGuard)
@Controller(DEMO_CHECKOUT_API_PATH)
export class BillingDemoController {
  constructor(private readonly billing: BillingService) {}

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'What the demo checkout page shows (no payment is taken)' })
  @ApiOkResponse({
    description:
      '{ id, demo: true, mode, kind, status, title, description, amountPence, currency, tokens, tier, ' +
      'successUrl, cancelUrl, expiresAt }',
  })
  session(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<BillingDemoSessionReply> {
    return this.billing.demoSession(user.id, id);
  }

  @Post(':id/confirm')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Confirm the demo checkout: fulfilled by the same code as a paid Stripe webhook, once',
  })
  @ApiOkResponse({
    description:
      '{ id, status: "complete", duplicate, redirectUrl, tier, tokensLeft }; send the browser to redirectUrl. ' +
      'Body { action?: "confirm" | "end-period-now" }: the demo billing portal can end the paid period now',
  })
  confirm(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() dto: DemoConfirmDto,
  ): Promise<BillingDemoConfirmReply> {
    return this.billing.confirmDemo(user.id, id, dto.action);
  }
}

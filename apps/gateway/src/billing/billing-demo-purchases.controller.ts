import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
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
  type BillingDemoPurchaseReply,
  type BillingDemoPurchasesReply,
  DemoDisputeDto,
  DemoRefundDto,
} from '@council/contracts';
import { CurrentUser } from '../auth/auth.decorator';
import { AuthenticatedGuard } from '../auth/auth.guard';
import { type AuthUser } from '../users/users.util';
import { DEMO_PURCHASES_API_PATH } from './billing.constants';
import { BillingService } from './billing.service';

const PURCHASE_REPLY =
  '{ purchase: { id, packId, title, tokens, amountPence, currency, createdAt, refundedPence, dispute, ' +
  'revokedTokens, debtTokens, frozenTokens }, changed, tokensLeft, tokenDebt }; changed is false when ' +
  'the call was repeated and changed nothing';

/**
 * The demo refund and dispute controls (DECISIONS 27): in demo mode the account's demo token packs
 * can be refunded or disputed, which runs exactly the code Stripe's charge.refunded and
 * charge.dispute.* events run. Only the buyer sees a purchase; outside demo mode everything is 404.
 */
@ApiTags('billing')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiNotFoundResponse({
  description: 'Unknown or another user’s demo purchase, or billing is not in demo mode',
})
@ApiServiceUnavailableResponse({ description: 'Billing did not answer; try again' })
@UseGuards(AuthenticatedGuard)
@Controller(DEMO_PURCHASES_API_PATH)
export class BillingDemoPurchasesController {
  constructor(private readonly billing: BillingService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The account’s demo token-pack purchases, newest first (demo mode only)' })
  @ApiOkResponse({
    description:
      '{ purchases: [{ id, packId, title, tokens, amountPence, currency, createdAt, refundedPence, ' +
      'dispute: null | "open" | "won" | "lost", revokedTokens, debtTokens, frozenTokens }] }',
  })
  list(@CurrentUser() user: AuthUser): Promise<BillingDemoPurchasesReply> {
    return this.billing.demoPurchases(user.id);
  }

  @Post(':id/refund')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiParam({ name: 'id', description: 'The demo purchase id (ch_demo_…)' })
  @ApiOperation({
    summary: 'Demo: refund a purchase, in full or { amountPence } of it, through the charge.refunded handler',
  })
  @ApiOkResponse({ description: PURCHASE_REPLY })
  @ApiBadRequestResponse({ description: 'amountPence is not a whole number of pence from 1' })
  @ApiConflictResponse({ description: 'The purchase is disputed (as at Stripe, it cannot be refunded)' })
  refund(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() dto: DemoRefundDto,
  ): Promise<BillingDemoPurchaseReply> {
    return this.billing.refundDemoPurchase(user.id, id, dto.amountPence);
  }

  @Post(':id/dispute')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiParam({ name: 'id', description: 'The demo purchase id (ch_demo_…)' })
  @ApiOperation({
    summary:
      'Demo: open a dispute of a purchase (no outcome), or close it { outcome: "won" | "lost" }, ' +
      'through the charge.dispute.* handlers',
  })
  @ApiOkResponse({ description: PURCHASE_REPLY })
  @ApiBadRequestResponse({ description: 'outcome is not "won" or "lost"' })
  @ApiConflictResponse({
    description: 'No dispute to close, a dispute closed the other way, or a purchase refunded in full',
  })
  dispute(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() dto: DemoDisputeDto,
  ): Promise<BillingDemoPurchaseReply> {
    return this.billing.disputeDemoPurchase(user.id, id, dto.outcome);
  }
}

import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { type SharedQuestionResponse } from '@council/contracts';
import { type Request } from 'express';
import { clientIp } from '../../rate-limit/rate-limit.util';
import { SharingService } from './sharing.service';

/** Public: anyone with the link reads the shared conversation (spec §2 Shared page, §7). */
@ApiTags('sharing')
@Controller('shared')
export class SharedController {
  constructor(private readonly sharing: SharingService) {}

  @Get(':shareId')
  // A revoked link must stop working at once, so no cache may keep the page.
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  @ApiOkResponse({
    description:
      '{ question: { question, shareTitle, shareDescription, showDebate, showReasoning, tokenCap }, ' +
      'responses: [{ id, provider, agentName, model, response, reasoning, totalTokens, memberOrder, ' +
      'round, positionChanged, stoppedAtLimit, debateLog, agreementMap }], rounds: [{ round, answers }], ' +
      'notes, turns: [{ question: { question, showDebate, showReasoning, tokenCap }, responses, rounds, ' +
      "notes }] }: the conversation's first question at the top level, then every turn (the first " +
      "included), oldest first; each member's latest completed answer, named by its agent as the Ask " +
      'screen names it (agentName null for the consensus), then the consensus with its agreement map; a ' +
      "debate's rounds for its replay; nothing about the owner",
  })
  @ApiNotFoundResponse({ description: 'Unknown, revoked or expired link' })
  @ApiTooManyRequestsResponse({ description: 'Too many shared pages from this address; see Retry-After' })
  view(@Param('shareId') shareId: string, @Req() req: Request): Promise<SharedQuestionResponse> {
    return this.sharing.view(clientIp(req), shareId);
  }
}

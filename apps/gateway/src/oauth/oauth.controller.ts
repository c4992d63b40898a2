import { Controller, Get, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthProvidersResponse } from '@council/contracts';
import { type Request, type Response } from 'express';
import { type OAuthProviderName } from './oauth.constants';
import { OAuthService } from './oauth.service';

const START_DESCRIPTION =
  'To the provider (optional query: return=<same-site path>, rememberMe=true); ' +
  'to /auth?error=<provider>_not_configured | <provider>_unavailable | oauth_rate_limited otherwise';
const CALLBACK_DESCRIPTION =
  "Signed in under a new session id, to / (or the start's return path); " +
  'to /auth?error=oauth_state (unknown, used or foreign state) or oauth_failed otherwise';

/**
 * Google and Apple sign-in. GET /api/auth/providers answers which of them are configured (JSON); the
 * rest are browser navigations, so every answer is a redirect (no JSON), never cached. Starts answer
 * 302 to the provider; callbacks answer 303 (See Other: Apple's callback is a POST) into the app or
 * to /auth?error=<code>. The callbacks are exempt from the origin check (security.util.ts): state,
 * browser binding, PKCE and nonce are their checks.
 */
@ApiTags('auth')
@Controller('auth')
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  @Get('providers')
  @ApiOkResponse({
    description:
      '{ google, apple }: true when that sign-in is configured (its client id is set), so the web ' +
      'shows its button; a false one would only redirect to /auth?error=<provider>_not_configured',
  })
  providers(): AuthProvidersResponse {
    return this.oauth.configuredProviders();
  }

  @Get('google')
  @ApiResponse({ status: HttpStatus.FOUND, description: START_DESCRIPTION })
  startGoogle(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.start('google', req, res);
  }

  @Get('google/callback')
  @ApiResponse({ status: HttpStatus.SEE_OTHER, description: CALLBACK_DESCRIPTION })
  googleCallback(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.finish('google', req, res);
  }

  @Get('apple')
  @ApiResponse({ status: HttpStatus.FOUND, description: START_DESCRIPTION })
  startApple(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.start('apple', req, res);
  }

  /** Apple's response_mode=form_post: a cross-site POST without our session cookie. */
  @Post('apple/callback')
  @ApiResponse({ status: HttpStatus.SEE_OTHER, description: CALLBACK_DESCRIPTION })
  appleCallback(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.finish('apple', req, res);
  }

  private async start(provider: OAuthProviderName, req: Request, res: Response): Promise<void> {
    const location = await this.oauth.start(provider, req, res);
    res.set('Cache-Control', 'no-store').redirect(HttpStatus.FOUND, location);
  }

  private async finish(provider: OAuthProviderName, req: Request, res: Response): Promise<void> {
    const location = await this.oauth.finish(provider, req);
    res.set('Cache-Control', 'no-store').redirect(HttpStatus.SEE_OTHER, location);
  }
}

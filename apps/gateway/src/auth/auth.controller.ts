import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  ACCOUNT_TOASTS,
  LoginDto,
  type MessageReply,
  RegisterDto,
  type SessionUser,
} from '@council/contracts';
import { type Request, type Response } from 'express';
import { UsersService } from '../users/users.service';
import { type AuthUser, toSessionUser } from '../users/users.util';
import { CurrentUser } from './auth.decorator';
import { RegistrationValidationFilter } from './auth.filter';
import { AuthenticatedGuard } from './auth.guard';
import { AuthService } from './auth.service';

const SESSION_USER_FIELDS =
  'username, name, email, tokensLeft (the balance, less what running questions hold), reservedTokens (held by running questions), purchasedTokens (the purchased part of tokensLeft), subscriptionTier, queriesLeft, stripeCustomerId';

/** Spec §7's account calls. Answers about the user are never cached by browsers or proxies. */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @Get('user')
  @UseGuards(AuthenticatedGuard)
  @Header('Cache-Control', 'no-store')
  @ApiCookieAuth()
  @ApiOkResponse({ description: `The session user: ${SESSION_USER_FIELDS}` })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  async currentUser(@CurrentUser() user: AuthUser): Promise<SessionUser> {
    const balance = await this.users.balance(user.id);
    if (!balance) return toSessionUser(user);
    return toSessionUser(
      { ...user, tokensLeft: balance.tokensLeft, purchasedTokens: balance.purchasedTokens },
      balance.reservedTokens,
    );
  }

  @Post('register')
  @HttpCode(HttpStatus.CREATED)
  @UseFilters(RegistrationValidationFilter)
  @Header('Cache-Control', 'no-store')
  @ApiCreatedResponse({ description: `Registered and signed in; the session user: ${SESSION_USER_FIELDS}` })
  @ApiBadRequestResponse({ description: '"Registration details are invalid: " and the spec §5 message' })
  @ApiConflictResponse({
    description: '"Username already exists" or "An account with this email already exists"',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations from this address; see Retry-After' })
  register(@Body() dto: RegisterDto, @Req() req: Request): Promise<SessionUser> {
    return this.auth.register(req, dto);
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description: `Signed in under a new session id; the session user: ${SESSION_USER_FIELDS}`,
  })
  @ApiBadRequestResponse({ description: 'A field breaks spec §5' })
  @ApiUnauthorizedResponse({ description: '"Invalid username or password"' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts; see Retry-After' })
  login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionUser> {
    return this.auth.login(req, res, dto);
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The session is deleted and its cookie cleared (also when not signed in)' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageReply> {
    await this.auth.logout(req, res);
    return { message: ACCOUNT_TOASTS.loggedOut.description };
  }
}

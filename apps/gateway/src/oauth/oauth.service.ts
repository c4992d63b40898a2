import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AUTH_QUERY_PARAMS,
  type AuthProvidersResponse,
  OAUTH_ERROR_CODES,
  ROUTE_PATHS,
  errorMessage,
} from '@council/contracts';
import { REDIS_CLIENT, RateLimitedException, type RedisClient } from '@council/server-kit';
import { type Request, type Response } from 'express';
import { type BaseClient, Issuer, custom, errors, generators } from 'openid-client';
import { GatewayEnv } from '../config/gateway.env';
import { OAUTH_START_RATE_LIMIT } from '../rate-limit/rate-limit.constants';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { clientIp } from '../rate-limit/rate-limit.util';
import { isSecureOrigin } from '../session/session.middleware';
import { SessionService } from '../session/session.service';
import { UsersService } from '../users/users.service';
import {
  OAUTH_CLOCK_TOLERANCE_SECONDS,
  OAUTH_DISCOVERY_RETRY_MS,
  OAUTH_PENDING_TTL_SECONDS,
  OAUTH_PROVIDER_SETTINGS,
  OAUTH_PROVIDERS,
  OAUTH_RANDOM_BYTES,
  OAUTH_REMEMBER_ME_QUERY,
  type OAuthProviderName,
  oauthPendingKey,
} from './oauth.constants';
import {
  type PendingAuthorization,
  appleUserName,
  authErrorPath,
  bindingCookieOptions,
  bindingMatches,
  callbackParams,
  isBindingValue,
  notConfiguredCode,
  oauthCallbackUrl,
  parseCookies,
  parsePendingAuthorization,
  profileFromClaims,
  providerCredentials,
  retryingLoader,
  safeReturnPath,
  sha256,
  unavailableCode,
} from './oauth.util';

/** Longest provider subject we store (the providerId column). */
const SUBJECT_MAX_LENGTH = 255;

/**
 * Google and Apple sign-in with openid-client: the authorization code flow with state, nonce and
 * PKCE (S256), the ID token checked by openid-client (signature, issuer, audience = our client id,
 * nonce, expiry).
 *
 * The pending authorization (nonce, code verifier, return path) waits in Redis under the SHA-256 of
 * its state, for 10 minutes and for one callback only (GETDEL), so a replayed or unknown state finds
 * nothing. It does not live in the session: Apple answers with a cross-site form POST, which carries
 * no SameSite=Lax session cookie. Instead a small cookie of its own binds it to the browser that
 * started it (see bindingCookieOptions for when that is possible).
 *
 * Every outcome is a redirect: into the app on success, to /auth?error=<code> otherwise; nothing here
 * answers an error page.
 */
@Injectable()
export class OAuthService {
  private readonly logger = new Logger(OAuthService.name);
  private readonly clients: Record<OAuthProviderName, () => Promise<BaseClient>>;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly config: GatewayEnv,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly rateLimit: RateLimitService,
  ) {
    const loaders = OAUTH_PROVIDERS.map(
      (provider) =>
        [provider, retryingLoader(() => this.discoverClient(provider), OAUTH_DISCOVERY_RETRY_MS)] as const,
    );
    this.clients = Object.fromEntries(loaders) as Record<OAuthProviderName, () => Promise<BaseClient>>;
  }

  isConfigured(provider: OAuthProviderName): boolean {
    return providerCredentials(this.config, provider) !== null;
  }

  /** The sign-ins the web may offer: exactly those whose start would begin the provider's flow. */
  configuredProviders(): AuthProvidersResponse {
    return { google: this.isConfigured('google'), apple: this.isConfigured('apple') };
  }

  /**
   * Starts a sign-in: stores the pending authorization, sets the binding cookie and answers the
   * provider's authorization URL to redirect to (or an /auth error path).
   */
  start(provider: OAuthProviderName, req: Request, res: Response): Promise<string> {
    return this.orFailed(provider, () => this.startFlow(provider, req, res));
  }

  /**
   * Finishes a sign-in from the provider's callback (Google: query; Apple: form body): the state must
   * name a pending authorization of this provider and browser; then the code is exchanged (with the
   * PKCE verifier) and the ID token checked; then the account is found or created and signed in
   * under a new session id. Answers the path to redirect to.
   */
  finish(provider: OAuthProviderName, req: Request): Promise<string> {
    return this.orFailed(provider, () => this.finishFlow(provider, req));
  }

  private async startFlow(provider: OAuthProviderName, req: Request, res: Response): Promise<string> {
    if (!this.isConfigured(provider)) return authErrorPath(notConfiguredCode(provider));
    try {
      await this.rateLimit.consume(OAUTH_START_RATE_LIMIT, clientIp(req));
    } catch (error) {
      if (error instanceof RateLimitedException) return authErrorPath(OAUTH_ERROR_CODES.rateLimited);
      throw error;
    }

    let client: BaseClient;
    try {
      client = await this.clients[provider]();
    } catch (error) {
      this.logger.warn(`${provider} sign-in unavailable: discovery failed: ${errorMessage(error)}`);
      return authErrorPath(unavailableCode(provider));
    }

    const settings = OAUTH_PROVIDER_SETTINGS[provider];
    const cookieOptions = bindingCookieOptions(provider, isSecureOrigin(this.config));
    let bindingHash: string | null = null;
    if (cookieOptions) {
      // One binding per browser and provider, reused by sign-ins started in other tabs meanwhile.
      const existing = parseCookies(req.get('cookie'))[settings.bindingCookie];
      const binding = isBindingValue(existing)
        ? existing
        : randomBytes(OAUTH_RANDOM_BYTES).toString('base64url');
      res.cookie(settings.bindingCookie, binding, cookieOptions);
      bindingHash = sha256(binding);
    }

    const state = generators.state(OAUTH_RANDOM_BYTES);
    const pending: PendingAuthorization = {
      provider,
      nonce: generators.nonce(OAUTH_RANDOM_BYTES),
      codeVerifier: generators.codeVerifier(OAUTH_RANDOM_BYTES),
      bindingHash,
      rememberMe: req.query[OAUTH_REMEMBER_ME_QUERY] === 'true',
      returnTo: safeReturnPath(req.query[AUTH_QUERY_PARAMS.returnTo]) ?? ROUTE_PATHS.ask,
      createdAt: Date.now(),
    };
    await this.redis.set(
      oauthPendingKey(this.config.REDIS_PREFIX, sha256(state)),
      JSON.stringify(pending),
      'EX',
      OAUTH_PENDING_TTL_SECONDS,
    );

    return client.authorizationUrl({
      redirect_uri: oauthCallbackUrl(this.config.PUBLIC_URL, provider),
      response_type: 'code',
      response_mode: settings.responseMode === 'form_post' ? 'form_post' : undefined,
      scope: settings.scope,
      state,
      nonce: pending.nonce,
      code_challenge: generators.codeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  private async finishFlow(provider: OAuthProviderName, req: Request): Promise<string> {
    if (!this.isConfigured(provider)) return authErrorPath(notConfiguredCode(provider));
    const params = callbackParams(req.method === 'POST' ? req.body : req.query);

    const pending = await this.takePending(params.state);
    if (!pending || pending.provider !== provider) {
      this.logger.warn(`${provider} sign-in refused: unknown, expired or replayed state`);
      return authErrorPath(OAUTH_ERROR_CODES.stateInvalid);
    }
    // The binding cookie stays until it expires: sign-ins started in other tabs may still need it,
    // and without the single-use pending authorization it is worth nothing.
    if (pending.bindingHash !== null) {
      const binding = parseCookies(req.get('cookie'))[OAUTH_PROVIDER_SETTINGS[provider].bindingCookie];
      if (!bindingMatches(binding, pending.bindingHash)) {
        this.logger.warn(`${provider} sign-in refused: the state belongs to another browser`);
        return authErrorPath(OAUTH_ERROR_CODES.stateInvalid);
      }
    }

    let client: BaseClient;
    try {
      client = await this.clients[provider]();
    } catch (error) {
      this.logger.warn(`${provider} sign-in unavailable: discovery failed: ${errorMessage(error)}`);
      return authErrorPath(unavailableCode(provider));
    }

    try {
      const tokens = await client.callback(oauthCallbackUrl(this.config.PUBLIC_URL, provider), params, {
        state: params.state,
        nonce: pending.nonce,
        code_verifier: pending.codeVerifier,
        response_type: 'code',
      });
      const claims = tokens.claims();
      if (!claims.sub || claims.sub.length > SUBJECT_MAX_LENGTH) {
        this.logger.warn(`${provider} sign-in refused: unusable subject`);
        return authErrorPath(OAUTH_ERROR_CODES.failed);
      }
      const profile = profileFromClaims(claims, provider === 'apple' ? appleUserName(params.user) : null);
      const user = await this.users.findOrCreateByProvider(provider, claims.sub, profile);
      await this.sessions.signIn(req, user, pending.rememberMe);
      return pending.returnTo;
    } catch (error) {
      if (error instanceof errors.OPError || error instanceof errors.RPError) {
        this.logger.warn(`${provider} sign-in failed: ${error.message}`);
      } else {
        this.logger.error(`${provider} sign-in failed: ${errorMessage(error)}`);
      }
      return authErrorPath(OAUTH_ERROR_CODES.failed);
    }
  }

  /** Anything unexpected (Redis down, a bug) still ends on the auth screen, logged. */
  private async orFailed(provider: OAuthProviderName, run: () => Promise<string>): Promise<string> {
    try {
      return await run();
    } catch (error) {
      this.logger.error(
        `${provider} sign-in failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      return authErrorPath(OAUTH_ERROR_CODES.failed);
    }
  }

  /** The pending authorization of a state, removed in the same step (a state works once). */
  private async takePending(state: string | undefined): Promise<PendingAuthorization | null> {
    if (!state) return null;
    const raw = await this.redis.getdel(oauthPendingKey(this.config.REDIS_PREFIX, sha256(state)));
    return parsePendingAuthorization(raw);
  }

  /** The provider's configuration (OpenID discovery) and our client at it. */
  private async discoverClient(provider: OAuthProviderName): Promise<BaseClient> {
    const credentials = providerCredentials(this.config, provider);
    if (!credentials) throw new Error(`${provider} sign-in is not configured`);
    const issuer = await Issuer.discover(credentials.issuer);
    const client = new issuer.Client({
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      redirect_uris: [oauthCallbackUrl(this.config.PUBLIC_URL, provider)],
      response_types: ['code'],
      token_endpoint_auth_method: OAUTH_PROVIDER_SETTINGS[provider].tokenEndpointAuthMethod,
      id_token_signed_response_alg: 'RS256',
    });
    client[custom.clock_tolerance] = OAUTH_CLOCK_TOLERANCE_SECONDS;
    this.logger.log(`${provider} sign-in: discovered ${issuer.metadata.issuer}`);
    return client;
  }
}

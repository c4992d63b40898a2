import { type Request, type Response } from 'express';
import { type Redis } from 'ioredis';
import { GatewayEnv } from '../config/gateway.env';
import { type RateLimitService } from '../rate-limit/rate-limit.service';
import { type SessionService } from '../session/session.service';
import { type UsersService } from '../users/users.service';
import { OAuthController } from './oauth.controller';
import { OAuthService } from './oauth.service';

/** A response that records the redirect and headers the controller sends. */
function recordingResponse() {
  const sent: { status?: number; location?: string; headers: Record<string, string> } = { headers: {} };
  const res = {
    set(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return res;
    },
    redirect(status: number, location: string) {
      sent.status = status;
      sent.location = location;
    },
    cookie: jest.fn(),
    clearCookie: jest.fn(),
  };
  return { res: res as unknown as Response, sent };
}

function request(method: 'GET' | 'POST'): Request {
  return { method, query: {}, body: {}, get: () => undefined } as unknown as Request;
}

describe('OAuthController with no provider configured', () => {
  const touched = jest.fn(() => {
    throw new Error('a provider that is not configured must not reach Redis, accounts or sessions');
  });
  const config = Object.assign(new GatewayEnv(), {
    PUBLIC_URL: 'https://council.example',
    REDIS_PREFIX: 'p',
  });
  const service = new OAuthService(
    { set: touched, getdel: touched } as unknown as Redis,
    config,
    { findOrCreateByProvider: touched } as unknown as UsersService,
    { signIn: touched } as unknown as SessionService,
    { consume: touched } as unknown as RateLimitService,
  );
  const controller = new OAuthController(service);

  it('GET /api/auth/providers offers neither', () => {
    expect(controller.providers()).toEqual({ google: false, apple: false });
  });

  it.each([
    ['google', (req: Request, res: Response) => controller.startGoogle(req, res), 'GET'],
    ['apple', (req: Request, res: Response) => controller.startApple(req, res), 'GET'],
  ] as const)(
    'GET /api/auth/%s redirects to the auth screen with <provider>_not_configured',
    async (provider, call, method) => {
      const { res, sent } = recordingResponse();
      await call(request(method), res);
      expect(sent).toEqual({
        status: 302,
        location: `/auth?error=${provider}_not_configured`,
        headers: { 'cache-control': 'no-store' },
      });
    },
  );

  it.each([
    ['google', (req: Request, res: Response) => controller.googleCallback(req, res), 'GET'],
    ['apple', (req: Request, res: Response) => controller.appleCallback(req, res), 'POST'],
  ] as const)('the %s callback does the same, without touching anything', async (provider, call, method) => {
    const { res, sent } = recordingResponse();
    await call(request(method), res);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/auth?error=${provider}_not_configured`);
    expect(touched).not.toHaveBeenCalled();
    expect(service.isConfigured(provider)).toBe(false);
  });
});

describe('GET /api/auth/providers', () => {
  const controllerWith = (env: Partial<GatewayEnv>) => {
    const config = Object.assign(new GatewayEnv(), { PUBLIC_URL: 'https://council.example' }, env);
    const unused = {} as never;
    return new OAuthController(new OAuthService(unused, config, unused, unused, unused));
  };

  it('offers a provider exactly when its start would begin the flow (client id set)', () => {
    const googleOnly = controllerWith({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(googleOnly.providers()).toEqual({ google: true, apple: false });
    const appleOnly = controllerWith({ APPLE_CLIENT_ID: 'id', APPLE_CLIENT_SECRET: 'jwt' });
    expect(appleOnly.providers()).toEqual({ google: false, apple: true });
  });

  it('treats an empty client id as unset, as the start does', () => {
    const blank = controllerWith({ GOOGLE_CLIENT_ID: '', APPLE_CLIENT_ID: '' });
    expect(blank.providers()).toEqual({ google: false, apple: false });
  });
});

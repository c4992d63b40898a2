import { type ServerAppDefinition } from '@council/server-kit';
import { Logger } from 'nestjs-pino';
import { mountQueueBoard } from './admin/queue-board';
import { GatewayModule } from './app.module';
import { authRequestHandlers } from './auth/auth.middleware';
import { GatewayEnv } from './config/gateway.env';
import { mountOpenApi } from './docs/openapi';
import { OAUTH_FORM_POST_CALLBACK_PATH } from './oauth/oauth.constants';
import { originCheck, securityHeaders } from './security/security.middleware';
import { defaultWebDistDir, serveClient } from './web/spa-fallback';

function trustProxyValue(value: string): string | number {
  return /^\d+$/.test(value) ? Number(value) : value;
}

export const gatewayApp: ServerAppDefinition<GatewayEnv> = {
  service: 'gateway',
  env: GatewayEnv,
  rootModule: (config) => GatewayModule.forRoot(config),
  globalPrefix: 'api',
  // Apple's form_post callback is the one form the API reads; everything else is JSON only.
  formPaths: [OAUTH_FORM_POST_CALLBACK_PATH],
  // Before the body parsers: headers on every answer (even a 413), foreign origins refused unread.
  configureEarly: (app, config) => {
    app.use(securityHeaders(config));
    app.use(originCheck(config));
  },
  configure: (app, config) => {
    if (config.TRUST_PROXY) app.set('trust proxy', trustProxyValue(config.TRUST_PROXY));
    // Session (Redis) and Passport before Nest's routes; static files and the SPA need neither.
    app.use('/api', ...authRequestHandlers(app));
    mountOpenApi(app);
    if (config.BULL_BOARD_USER && config.BULL_BOARD_PASSWORD) {
      mountQueueBoard(app, config.BULL_BOARD_USER, config.BULL_BOARD_PASSWORD);
    }
    const dir = config.WEB_DIST_DIR ?? defaultWebDistDir();
    if (!serveClient(app, dir)) {
      app.get(Logger).warn(`No built client in ${dir}; serving the API only (run: npm run build)`, 'gateway');
    }
  },
};

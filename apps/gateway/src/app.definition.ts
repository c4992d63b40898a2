import { type ServerAppDefinition } from '@council/server-kit';
import { Logger } from 'nestjs-pino';
import { mountQueueBoard } from './admin/queue-board';
import { GatewayModule } from './app.module';
import { GatewayEnv } from './config/gateway.env';
import { mountOpenApi } from './docs/openapi';
import { defaultWebDistDir, serveClient } from './web/spa-fallback';

function trustProxyValue(value: string): string | number {
  return /^\d+$/.test(value) ? Number(value) : value;
}

export const gatewayApp: ServerAppDefinition<GatewayEnv> = {
  service: 'gateway',
  env: GatewayEnv,
  rootModule: (config) => GatewayModule.forRoot(config),
  globalPrefix: 'api',
  configure: (app, config) => {
    if (config.TRUST_PROXY) app.set('trust proxy', trustProxyValue(config.TRUST_PROXY));
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

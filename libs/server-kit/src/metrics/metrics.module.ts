import { type DynamicModule, Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/**
 * The process's metrics registry. `onAppPort` also serves GET /metrics on the app's own port (the
 * internal apps without METRICS_PORT); otherwise startMetricsServer serves them on METRICS_PORT.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot({ onAppPort }: { onAppPort: boolean }): DynamicModule {
    return {
      module: MetricsModule,
      controllers: onAppPort ? [MetricsController] : [],
      providers: [MetricsService],
      exports: [MetricsService],
    };
  }
}

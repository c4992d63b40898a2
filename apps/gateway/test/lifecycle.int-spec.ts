import { join } from 'node:path';
import { describeAppLifecycle } from '@council/testing';

describeAppLifecycle({
  service: 'gateway',
  appDir: join(__dirname, '..'),
  healthPath: '/api/health',
  // Its PORT is public: metrics on METRICS_PORT only.
  metricsOnOwnPort: true,
});

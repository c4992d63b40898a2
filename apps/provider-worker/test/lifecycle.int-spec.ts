import { join } from 'node:path';
import { describeAppLifecycle } from '@council/testing';

describeAppLifecycle({ service: 'provider-worker', appDir: join(__dirname, '..'), healthPath: '/health' });

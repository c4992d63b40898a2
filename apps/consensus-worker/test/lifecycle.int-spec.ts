import { join } from 'node:path';
import { describeAppLifecycle } from '@council/testing';

describeAppLifecycle({ service: 'consensus-worker', appDir: join(__dirname, '..'), healthPath: '/health' });

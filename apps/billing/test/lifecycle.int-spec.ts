import { join } from 'node:path';
import { describeAppLifecycle } from '@council/testing';

describeAppLifecycle({ service: 'billing', appDir: join(__dirname, '..'), healthPath: '/health' });

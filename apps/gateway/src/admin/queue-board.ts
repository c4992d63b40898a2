import { getQueueToken } from '@nestjs/bullmq';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { type Queue } from 'bullmq';
import { ALL_QUEUE_NAMES } from '@council/contracts';
import { basicAuth } from './basic-auth.middleware';

export const QUEUE_BOARD_PATH = '/admin/queues';

/** The Bull Board dashboard for operators, behind HTTP Basic credentials from configuration. */
export function mountQueueBoard(app: NestExpressApplication, user: string, password: string): void {
  const adapter = new ExpressAdapter();
  adapter.setBasePath(QUEUE_BOARD_PATH);
  const queues = ALL_QUEUE_NAMES.map((name) => app.get<Queue>(getQueueToken(name)));
  createBullBoard({ queues: queues.map((queue) => new BullMQAdapter(queue)), serverAdapter: adapter });
  app.use(QUEUE_BOARD_PATH, basicAuth(user, password, 'Council queues'), adapter.getRouter());
}

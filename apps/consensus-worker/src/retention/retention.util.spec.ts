import { FREE_HISTORY_RETENTION_DAYS, JOBS, RetentionSweepJobData } from '@council/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { retentionJobTemplate, tiersWithLimitedHistory } from './retention.util';

describe('retention', () => {
  it('limits only the free tier: premium, max and enterprise keep everything', () => {
    expect(tiersWithLimitedHistory()).toEqual(['free']);
  });

  it('schedules the sweep job with a valid payload of the 30-day retention', async () => {
    const template = retentionJobTemplate();
    expect(template.name).toBe(JOBS.retentionSweep);
    expect(template.data).toEqual({ retentionDays: FREE_HISTORY_RETENTION_DAYS });
    expect(await validate(plainToInstance(RetentionSweepJobData, template.data))).toEqual([]);
    expect(template.opts.attempts).toBeGreaterThan(1);
  });
});

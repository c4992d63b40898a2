import { PROVIDERS } from '../domain/domain.constants';
import {
  ALL_JOB_NAMES,
  ALL_QUEUE_NAMES,
  JOBS,
  QUEUES,
  QUEUE_JOBS,
  DEFAULT_REDIS_PREFIX,
  QUEUE_HASH_TAGS,
  queuePrefix,
  isJobName,
  providerQueueName,
  queueCarries,
} from './queues.constants';
import { JOB_PAYLOAD_CLASSES } from './queues.payloads';

// These strings are persisted in Redis: a failing test here means a rename, which strands queued jobs.
describe('queue and job names', () => {
  it('pins the queue names, their hash tags and the tag-free prefix', () => {
    expect(DEFAULT_REDIS_PREFIX).toBe('council');
    expect(QUEUE_HASH_TAGS).toEqual({
      'provider-openai': 'questions',
      'provider-anthropic': 'questions',
      'provider-xai': 'questions',
      consensus: 'questions',
      usage: 'usage',
      retention: 'retention',
      'billing-webhooks': 'billing-webhooks',
    });
    expect(queuePrefix('council', QUEUES.usage)).toBe('council-{usage}');
    expect(queuePrefix('council', QUEUES.consensus)).toBe('council-{questions}');
    expect(ALL_QUEUE_NAMES).toEqual([
      'provider-openai',
      'provider-anthropic',
      'provider-xai',
      'consensus',
      'usage',
      'retention',
      'billing-webhooks',
    ]);
  });

  it('has one queue per provider', () => {
    expect(PROVIDERS.map(providerQueueName)).toEqual([
      'provider-openai',
      'provider-anthropic',
      'provider-xai',
    ]);
  });

  it('pins the job names', () => {
    expect(JOBS).toEqual({
      memberAnswer: 'member-answer',
      debateRevision: 'debate-revision',
      synthesis: 'synthesis',
      consensusFinalise: 'consensus-finalise',
      usageSettle: 'usage-settle',
      retentionSweep: 'retention-sweep',
      webhookProcess: 'webhook-process',
      questionFail: 'question-fail',
    });
    expect(isJobName('synthesis')).toBe(true);
    expect(isJobName('consensus')).toBe(false);
  });

  it('routes every job to some queue and every queue to known jobs', () => {
    const routed = new Set(Object.values(QUEUE_JOBS).flat());
    expect([...routed].sort()).toEqual([...ALL_JOB_NAMES].sort());
    expect(Object.keys(QUEUE_JOBS).sort()).toEqual([...ALL_QUEUE_NAMES].sort());
    expect(QUEUE_JOBS[QUEUES.consensus]).toEqual(['consensus-finalise', 'question-fail']);
    expect(queueCarries(QUEUES.consensus, 'question-fail')).toBe(true);
    expect(queueCarries(QUEUES.usage, 'question-fail')).toBe(false);
  });

  it('has a payload class for every job', () => {
    expect(Object.keys(JOB_PAYLOAD_CLASSES).sort()).toEqual([...ALL_JOB_NAMES].sort());
  });
});

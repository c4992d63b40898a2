import { PROVIDERS } from '../domain/domain.constants';
import {
  ALL_JOB_NAMES,
  ALL_QUEUE_NAMES,
  JOBS,
  QUEUES,
  DEFAULT_REDIS_PREFIX,
  queueHashTag,
  queueJobs,
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
    expect(
      Object.fromEntries(
        [...ALL_QUEUE_NAMES, 'provider-gemini'].map((name) => [name, queueHashTag(name as never)]),
      ),
    ).toEqual({
      'provider-openai': 'questions',
      'provider-anthropic': 'questions',
      'provider-xai': 'questions',
      'provider-gemini': 'questions',
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
    // A catalogue provider's queue follows the same rule, in the question flow's slot.
    expect(providerQueueName('local')).toBe('provider-local');
    expect(queuePrefix('council', providerQueueName('local'))).toBe('council-{questions}');
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
      webhookRedrive: 'webhook-redrive',
      questionFail: 'question-fail',
    });
    expect(isJobName('synthesis')).toBe(true);
    expect(isJobName('consensus')).toBe(false);
  });

  it('routes every job to some queue and every queue to known jobs', () => {
    const routed = new Set(ALL_QUEUE_NAMES.flatMap(queueJobs));
    expect([...routed].sort()).toEqual([...ALL_JOB_NAMES].sort());
    expect(queueJobs(QUEUES.consensus)).toEqual(['consensus-finalise', 'question-fail']);
    expect(queueJobs(providerQueueName('gemini'))).toEqual(queueJobs(QUEUES.providerOpenai));
    expect(queueCarries(QUEUES.consensus, 'question-fail')).toBe(true);
    expect(queueCarries(QUEUES.usage, 'question-fail')).toBe(false);
    expect(queueCarries(providerQueueName('local'), 'synthesis')).toBe(true);
  });

  it('has a payload class for every job', () => {
    expect(Object.keys(JOB_PAYLOAD_CLASSES).sort()).toEqual([...ALL_JOB_NAMES].sort());
  });
});

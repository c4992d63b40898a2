import { MODEL_DISCOVERY, PROVIDER_ID_PATTERN, type Provider } from '@council/contracts';
import { BillingCallerEnv } from '@council/server-kit';
import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';

/** "a, b" → ['a', 'b']; an empty value is unset (the default applies). */
const toList = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
};

/** BILLING_URL and BILLING_RPC_SECRET: the last member of a question without a debate releases it. */
export class ProviderWorkerEnv extends BillingCallerEnv {
  override PORT: number = 3002;

  /**
   * Which providers' queues this process serves, so each provider scales on its own. Unset: every
   * provider in the catalogue that is not off (provider-setup.ts).
   */
  @IsOptional()
  @Transform(toList)
  @ArrayNotEmpty({ message: 'PROVIDER_QUEUES must name at least one provider' })
  @Matches(PROVIDER_ID_PATTERN, {
    each: true,
    message: 'PROVIDER_QUEUES entries must be provider ids, e.g. openai',
  })
  PROVIDER_QUEUES?: Provider[];

  /** Jobs processed at once per provider queue. */
  @IsInt()
  @Min(1)
  @Max(500)
  PROVIDER_CONCURRENCY: number = 50;

  /** A stream that sends nothing for this long is aborted and retried. */
  @IsInt()
  @Min(1000)
  PROVIDER_IDLE_TIMEOUT_MS: number = 30_000;

  /** Optional rate limit per provider queue: at most this many jobs started per duration (0: none). */
  @IsInt()
  @Min(0)
  PROVIDER_RATE_LIMIT_MAX: number = 0;

  @IsInt()
  @Min(1)
  PROVIDER_RATE_LIMIT_DURATION_MS: number = 1000;

  /**
   * How long a job's lock lasts without renewal (renewed every half of it). A worker that dies
   * mid-answer (SIGKILL, OOM) leaves its jobs locked this long before another worker takes them over.
   * Ours is half BullMQ's 30 s, so a user waits less for a lost answer to resume; a false stall (an
   * event loop blocked longer than this) only runs the job again, which is idempotent.
   */
  @IsInt()
  @Min(1000)
  PROVIDER_LOCK_DURATION_MS: number = 15_000;

  /** How often each worker looks for jobs whose lock expired (stalled jobs) and moves them back to wait. */
  @IsInt()
  @Min(500)
  PROVIDER_STALLED_INTERVAL_MS: number = 5_000;

  /**
   * How often the models of a provider with `discoverModels` are listed from its server (GET
   * /v1/models); the published list lapses after about two and a half of these.
   */
  @IsInt()
  @Min(1000)
  MODEL_DISCOVERY_INTERVAL_MS: number = MODEL_DISCOVERY.refreshMs;

  // A provider without a key is served by the offline demo adapter (DECISIONS 15).
  @IsOptional() @IsString() OPENAI_API_KEY?: string;
  @IsOptional() @IsUrl({ require_tld: false }) OPENAI_BASE_URL?: string;
  @IsOptional() @IsString() ANTHROPIC_API_KEY?: string;
  @IsOptional() @IsUrl({ require_tld: false }) ANTHROPIC_BASE_URL?: string;
  @IsOptional() @IsString() XAI_API_KEY?: string;
  @IsOptional() @IsUrl({ require_tld: false }) XAI_BASE_URL?: string;
}

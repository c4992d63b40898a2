import { DEBATE_MAX_ROUNDS, RETENTION_SWEEP_EVERY_MS } from '@council/contracts';
import { BillingCallerEnv } from '@council/server-kit';
import { IsInt, Max, Min } from 'class-validator';

/** BILLING_URL and BILLING_RPC_SECRET: a question's reservation is released by billing's RPC. */
export class ConsensusWorkerEnv extends BillingCallerEnv {
  override PORT: number = 3003;

  /** Debate rounds before the leader synthesises, at most. */
  @IsInt()
  @Min(1)
  @Max(5)
  DEBATE_MAX_ROUNDS: number = DEBATE_MAX_ROUNDS;

  @IsInt()
  @Min(1)
  @Max(500)
  CONSENSUS_CONCURRENCY: number = 50;

  /** How often the free-history retention sweep runs (ms); one schedule shared by all replicas. */
  @IsInt()
  @Min(1000)
  @Max(7 * 24 * 60 * 60 * 1000)
  RETENTION_SWEEP_EVERY_MS: number = RETENTION_SWEEP_EVERY_MS;
}

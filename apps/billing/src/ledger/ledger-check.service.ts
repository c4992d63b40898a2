import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LEDGER_CHECK_EVERY_MS, errorMessage } from '@council/contracts';
import { MetricsService, registerOnce } from '@council/server-kit';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { type LedgerMismatches, findLedgerMismatches } from './ledger-check.repository';

export const LEDGER_MISMATCHES_METRIC = 'council_ledger_mismatched_accounts';

/**
 * Compares every account's cached balance with its ledger every LEDGER_CHECK_EVERY_MS, and reports
 * the accounts that disagree as a gauge (and a log line naming them). It repairs nothing: a
 * mismatch means a write went around the ledger, which an operator must look at.
 */
@Injectable()
export class LedgerCheckService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LedgerCheckService.name);
  private readonly mismatched: Gauge;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    metrics: MetricsService,
  ) {
    this.mismatched = registerOnce(
      metrics.registry,
      LEDGER_MISMATCHES_METRIC,
      () =>
        new Gauge({
          name: LEDGER_MISMATCHES_METRIC,
          help: 'Accounts whose cached balance differs from the sum of their ledger entries, at the last check',
          registers: [metrics.registry],
        }),
    );
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), LEDGER_CHECK_EVERY_MS);
    this.timer.unref();
    this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: sets the gauge and names the accounts; returns what it found. */
  async check(): Promise<LedgerMismatches> {
    const found = await findLedgerMismatches(this.dataSource);
    this.mismatched.set(found.count);
    if (found.count > 0) {
      this.logger.error(
        `${found.count} account(s) differ from their ledger, among them user ${found.userIds.join(', ')}`,
      );
    }
    return found;
  }

  /** A timed pass; a pass still running (a slow ledger) is not doubled. */
  private tick(): void {
    if (this.running) return;
    this.running = this.check()
      .catch((error: unknown) => this.logger.warn(`Ledger check failed: ${errorMessage(error)}`))
      .finally(() => {
        this.running = null;
      });
  }
}

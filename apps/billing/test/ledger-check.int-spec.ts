// The periodic ledger check (LedgerCheckService): every account's cached balance against the sums of
// its ledger entries, reported as council_ledger_mismatched_accounts for the alert of the same name.
import { UserEntity } from '@council/db';
import { MetricsService } from '@council/server-kit';
import { createTestUser } from '@council/testing';
import { LEDGER_MISMATCHES_METRIC, LedgerCheckService } from '../src/ledger/ledger-check.service';
import { type BillingHarness, startBilling } from './support/billing-harness';

describe('the ledger check', () => {
  let harness: BillingHarness;

  beforeAll(async () => {
    harness = await startBilling();
  });

  afterAll(async () => {
    await harness?.close();
  });

  async function gauge(): Promise<number | undefined> {
    const metric = await harness
      .get(MetricsService)
      .registry.getSingleMetric(LEDGER_MISMATCHES_METRIC)
      ?.get();
    return metric?.values[0]?.value;
  }

  const users = () => harness.dataSource.getRepository(UserEntity);

  it('finds no account at odds with the ledger after ordinary sign-ups', async () => {
    await createTestUser(harness.dataSource);
    await createTestUser(harness.dataSource, { tokensLeft: 0 });
    expect(await harness.get(LedgerCheckService).check()).toEqual({ count: 0, userIds: [] });
    expect(await gauge()).toBe(0);
  });

  it('names each account whose cached balance, bucket or debt was written around the ledger', async () => {
    const total = await createTestUser(harness.dataSource);
    const bucket = await createTestUser(harness.dataSource);
    const debt = await createTestUser(harness.dataSource);
    const fine = await createTestUser(harness.dataSource);
    await users().update({ id: total.id }, { tokensLeft: () => '"tokensLeft" + 1' });
    // Moved from the free part to purchased: the total still adds up, the bucket does not.
    await users().update({ id: bucket.id }, { purchasedTokens: 1 });
    await users().update({ id: debt.id }, { tokenDebt: 5 });

    const found = await harness.get(LedgerCheckService).check();
    expect(found).toEqual({ count: 3, userIds: [total.id, bucket.id, debt.id] });
    expect(found.userIds).not.toContain(fine.id);
    expect(await gauge()).toBe(3);

    await users().update({ id: total.id }, { tokensLeft: () => '"tokensLeft" - 1' });
    await users().update({ id: bucket.id }, { purchasedTokens: 0 });
    await users().update({ id: debt.id }, { tokenDebt: 0 });
    expect(await harness.get(LedgerCheckService).check()).toEqual({ count: 0, userIds: [] });
    expect(await gauge()).toBe(0);
  });
});

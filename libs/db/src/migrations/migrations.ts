import { CoreSchema1795304400000 } from './1795304400000-CoreSchema';
import { BillingLedger1795304460000 } from './1795304460000-BillingLedger';
import { SupportMessages1795304520000 } from './1795304520000-SupportMessages';
import { BillingAccounts1795310000000 } from './1795310000000-BillingAccounts';
import { ModelFacts1795320000000 } from './1795320000000-ModelFacts';
import { CatalogueProviders1795330000000 } from './1795330000000-CatalogueProviders';
import { AgreementMap1795340000000 } from './1795340000000-AgreementMap';
import { ModelTypicalOutput1795350000000 } from './1795350000000-ModelTypicalOutput';
import { WeighIn1795360000000 } from './1795360000000-WeighIn';
import { TokenCap1795370000000 } from './1795370000000-TokenCap';
import { ModelDiscovery1795380000000 } from './1795380000000-ModelDiscovery';
import { Conversations1795390000000 } from './1795390000000-Conversations';
import { Refunds1795405000000 } from './1795405000000-Refunds';
import { HoldPause1795410000000 } from './1795410000000-HoldPause';

/**
 * Every migration, oldest first. Listed explicitly (no globs) so the compiled CLI, the apps and the
 * tests all run the same set. Append new ones at the end; never edit one that has landed.
 */
export const MIGRATIONS = [
  CoreSchema1795304400000,
  BillingLedger1795304460000,
  SupportMessages1795304520000,
  BillingAccounts1795310000000,
  ModelFacts1795320000000,
  CatalogueProviders1795330000000,
  AgreementMap1795340000000,
  ModelTypicalOutput1795350000000,
  WeighIn1795360000000,
  TokenCap1795370000000,
  ModelDiscovery1795380000000,
  Conversations1795390000000,
  Refunds1795405000000,
  HoldPause1795410000000,
];

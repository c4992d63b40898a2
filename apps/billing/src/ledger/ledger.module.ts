import { Module } from '@nestjs/common';
import { LedgerCheckService } from './ledger-check.service';
import { LedgerService } from './ledger.service';

@Module({ providers: [LedgerService, LedgerCheckService], exports: [LedgerService] })
export class LedgerModule {}

import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { ReservationsService } from './reservations.service';

@Module({ imports: [LedgerModule], providers: [ReservationsService], exports: [ReservationsService] })
export class ReservationsModule {}

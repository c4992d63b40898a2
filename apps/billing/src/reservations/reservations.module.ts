import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { HoldSizeService } from './hold-size.service';
import { ReservationsService } from './reservations.service';

@Module({
  imports: [LedgerModule],
  providers: [ReservationsService, HoldSizeService],
  exports: [ReservationsService, HoldSizeService],
})
export class ReservationsModule {}

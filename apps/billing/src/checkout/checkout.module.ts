import { Module } from '@nestjs/common';
import { DemoModule } from '../demo/demo.module';
import { StripeModule } from '../stripe/stripe.module';
import { CheckoutService } from './checkout.service';

@Module({ imports: [StripeModule, DemoModule], providers: [CheckoutService], exports: [CheckoutService] })
export class CheckoutModule {}

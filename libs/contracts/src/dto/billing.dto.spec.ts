import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import {
  CustomerPortalDto,
  DemoDisputeDto,
  DemoRefundDto,
  SubscribeDto,
  TopUpTokensDto,
} from './billing.dto';

async function messagesFor<T extends object>(cls: ClassConstructor<T>, plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(cls, plain));
  return errors.flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('SubscribeDto', () => {
  it('sells premium and max only', async () => {
    expect(await messagesFor(SubscribeDto, { tier: 'premium' })).toEqual([]);
    expect(await messagesFor(SubscribeDto, { tier: 'max' })).toEqual([]);
    for (const tier of ['free', 'enterprise', 'MAX', undefined]) {
      expect(await messagesFor(SubscribeDto, { tier })).toEqual(['Please choose the Premium or Max plan']);
    }
  });
});

describe('CustomerPortalDto', () => {
  it('accepts an http(s) return address, including localhost, or none', async () => {
    expect(await messagesFor(CustomerPortalDto, {})).toEqual([]);
    expect(
      await messagesFor(CustomerPortalDto, { returnUrl: 'https://council.example/subscription' }),
    ).toEqual([]);
    expect(await messagesFor(CustomerPortalDto, { returnUrl: 'http://localhost:5173/subscription' })).toEqual(
      [],
    );
  });

  it('rejects other schemes and non-URLs', async () => {
    expect(await messagesFor(CustomerPortalDto, { returnUrl: 'javascript:alert(1)' })).toEqual([
      'Return URL must be an http or https address',
    ]);
    expect(await messagesFor(CustomerPortalDto, { returnUrl: '/subscription' })).toEqual([
      'Return URL must be an http or https address',
    ]);
  });
});

describe('TopUpTokensDto', () => {
  it('accepts exactly the five pack ids', async () => {
    for (const packageId of ['tokens_50k', 'tokens_150k', 'tokens_300k', 'tokens_500k', 'tokens_1m']) {
      expect(await messagesFor(TopUpTokensDto, { packageId })).toEqual([]);
    }
    expect(await messagesFor(TopUpTokensDto, { packageId: 'tokens_2m' })).toEqual([
      'Please select a token package',
    ]);
    expect(await messagesFor(TopUpTokensDto, {})).toEqual(['Please select a token package']);
  });
});

describe('DemoRefundDto and DemoDisputeDto (DECISIONS 27)', () => {
  it('refunds all (no amount) or a whole number of pence from 1', async () => {
    expect(await messagesFor(DemoRefundDto, {})).toEqual([]);
    expect(await messagesFor(DemoRefundDto, { amountPence: 333 })).toEqual([]);
    for (const amountPence of [0, -1, 1.5, '100', 1e20]) {
      expect((await messagesFor(DemoRefundDto, { amountPence })).length).toBeGreaterThan(0);
    }
  });

  it('opens a dispute (no outcome) or closes it won or lost', async () => {
    expect(await messagesFor(DemoDisputeDto, {})).toEqual([]);
    expect(await messagesFor(DemoDisputeDto, { outcome: 'won' })).toEqual([]);
    expect(await messagesFor(DemoDisputeDto, { outcome: 'lost' })).toEqual([]);
    expect((await messagesFor(DemoDisputeDto, { outcome: 'draw' })).length).toBeGreaterThan(0);
  });
});

import {
  MAX_PRICE,
  cccSettingsSchema,
  cccTierSchema,
  percentToShare,
  planSchema,
  shareToPercent,
} from '../catalogue.schema';

const plan = {
  yearlyPricePln: '1500',
  priceUsdt: '399,99',
  priceAcc: '1350.5',
  profitShare: '5',
  ideaOwnership: '0,5',
  description: 'Opis',
  benefits: 'Jedna\n\n  Druga  ',
};

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);

describe('the catalogue forms check what the admin RPCs check', () => {
  it('takes positive prices with at most 2 decimals and a comma or a dot', () => {
    expect(planSchema.safeParse(plan).success).toBe(true);
    for (const bad of ['0', '-1', '1,234', '1e3', 'NaN', 'Infinity', '', '12 000']) {
      expect(issues(planSchema.safeParse({ ...plan, priceUsdt: bad }))).toEqual(['priceUsdt: catalogue.invalid_price']);
    }
  });

  it('takes prices up to 9 999 999 999,99, what numeric(12, 2) and the RPCs take', () => {
    expect(MAX_PRICE).toBe(9_999_999_999.99);
    expect(planSchema.safeParse({ ...plan, yearlyPricePln: '9999999999,99' }).success).toBe(true);
    expect(planSchema.safeParse({ ...plan, priceAcc: '9999999999.99' }).success).toBe(true);
    for (const tooHigh of ['10000000000', '10000000000,00', '9999999999999999']) {
      expect(issues(planSchema.safeParse({ ...plan, yearlyPricePln: tooHigh }))).toEqual([
        'yearlyPricePln: catalogue.price_too_high',
      ]);
    }
    const tier = {
      cccAmount: '1000',
      priceUsd: '10000000000',
      profitShare: '1',
      durationMonths: '12',
      totalSlots: '5',
    };
    expect(issues(cccTierSchema(0).safeParse(tier))).toEqual(['priceUsd: catalogue.price_too_high']);
    expect(cccTierSchema(0).safeParse({ ...tier, priceUsd: '9999999999,99' }).success).toBe(true);
  });

  it('takes shares in percent above 0 and below 100, at most 2 decimals', () => {
    for (const bad of ['0', '100', '12,345', '-5', 'abc']) {
      expect(issues(planSchema.safeParse({ ...plan, profitShare: bad }))).toEqual([
        'profitShare: catalogue.invalid_share',
      ]);
    }
    expect(planSchema.safeParse({ ...plan, ideaOwnership: '99,99' }).success).toBe(true);
    expect(percentToShare('12,5')).toBe(0.125);
    expect(percentToShare('0,01')).toBe(0.0001);
    expect(shareToPercent(0.125)).toBe('12,5');
    expect(shareToPercent(0.07)).toBe('7');
  });

  it('limits the description to 1000 characters and the benefits to 20 lines of 200', () => {
    expect(issues(planSchema.safeParse({ ...plan, description: 'x'.repeat(1001) }))).toEqual([
      'description: catalogue.invalid_text',
    ]);
    expect(issues(planSchema.safeParse({ ...plan, benefits: Array(21).fill('a').join('\n') }))).toEqual([
      'benefits: catalogue.invalid_text',
    ]);
    expect(issues(planSchema.safeParse({ ...plan, benefits: 'x'.repeat(201) }))).toEqual([
      'benefits: catalogue.invalid_text',
    ]);
  });

  it('takes whole CCC amounts, 1–120 months, and never fewer slots than those in use', () => {
    const tier = { cccAmount: '1000', priceUsd: '100', profitShare: '1', durationMonths: '12', totalSlots: '5' };
    expect(cccTierSchema(5).safeParse(tier).success).toBe(true);
    expect(issues(cccTierSchema(6).safeParse(tier))).toEqual(['totalSlots: catalogue.slots_below_used']);
    expect(issues(cccTierSchema(0).safeParse({ ...tier, totalSlots: '-1' }))).toEqual([
      'totalSlots: validation.catalogue.slots',
    ]);
    expect(issues(cccTierSchema(0).safeParse({ ...tier, cccAmount: '1,5' }))).toEqual([
      'cccAmount: catalogue.invalid_amount',
    ]);
    expect(issues(cccTierSchema(0).safeParse({ ...tier, durationMonths: '121' }))).toEqual([
      'durationMonths: catalogue.invalid_months',
    ]);
    expect(issues(cccTierSchema(0).safeParse({ ...tier, durationMonths: '0' }))).toEqual([
      'durationMonths: catalogue.invalid_months',
    ]);
  });

  it('takes a contract of 0x and 40 hex characters (or none) and a whole positive supply', () => {
    const address = `0x${'aB3'.repeat(13)}c`;
    expect(cccSettingsSchema.safeParse({ contractAddress: address, totalSupply: '1000000' }).success).toBe(true);
    expect(cccSettingsSchema.safeParse({ contractAddress: '', totalSupply: '1' }).success).toBe(true);
    expect(issues(cccSettingsSchema.safeParse({ contractAddress: `${address}0`, totalSupply: '1' }))).toEqual([
      'contractAddress: catalogue.invalid_contract',
    ]);
    expect(issues(cccSettingsSchema.safeParse({ contractAddress: `0x${'g'.repeat(40)}`, totalSupply: '1' }))).toEqual([
      'contractAddress: catalogue.invalid_contract',
    ]);
    expect(issues(cccSettingsSchema.safeParse({ contractAddress: '', totalSupply: '0' }))).toEqual([
      'totalSupply: catalogue.invalid_supply',
    ]);
    expect(issues(cccSettingsSchema.safeParse({ contractAddress: '', totalSupply: '1.5' }))).toEqual([
      'totalSupply: catalogue.invalid_supply',
    ]);
    expect(issues(cccSettingsSchema.safeParse({ contractAddress: '', totalSupply: '1000000000000000' }))).toEqual([
      'totalSupply: validation.catalogue.supply_max',
    ]);
  });
});

import { notificationDetails } from '../notification-details';

describe('notificationDetails', () => {
  it('reads amount, percentage and tier; PLN when no currency is named', () => {
    expect(notificationDetails({ amount: 320, percentage: 8, tier: 'GOLD', packageTier: 'GOLD' })).toEqual({
      amount: 320,
      currency: 'PLN',
      percentage: 8,
      tier: 'GOLD',
    });
  });

  it('takes the currency the data carries', () => {
    expect(notificationDetails({ amount: 123.45, currency: 'USDT' })).toEqual({
      amount: 123.45,
      currency: 'USDT',
      percentage: undefined,
      tier: undefined,
    });
  });

  it('falls back to packageTier', () => {
    expect(notificationDetails({ percentage: 3, packageTier: 'START' }).tier).toBe('START');
  });

  it('ignores fields of the wrong shape and data that is not an object', () => {
    expect(notificationDetails({ amount: 'dużo', currency: 'EUR', percentage: null, tier: 7 })).toEqual({
      amount: undefined,
      currency: 'PLN',
      percentage: undefined,
      tier: undefined,
    });
    expect(notificationDetails(null)).toEqual({ currency: 'PLN' });
    expect(notificationDetails([1, 2])).toEqual({ currency: 'PLN' });
  });
});

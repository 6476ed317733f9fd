import { preferencesWith, switchesFrom } from '../email-notifications';

describe('e-mail notification switches', () => {
  it('are on unless the stored preferences say false', () => {
    expect(switchesFrom({})).toEqual({
      wallet_credited: true,
      profit_payout: true,
      withdrawal_requested: true,
      withdrawal_completed: true,
      withdrawal_failed: true,
      membership_reminders: true,
      payment_reminders: true,
    });
    expect(switchesFrom({ profit_payout: false, withdrawal_failed: true, system: false })).toMatchObject({
      profit_payout: false,
      withdrawal_failed: true,
      wallet_credited: true,
    });
    expect(switchesFrom(null).wallet_credited).toBe(true);
    expect(switchesFrom([false]).wallet_credited).toBe(true);
  });

  it('store every kind as switched and keep the other keys as they were', () => {
    const switches = { ...switchesFrom({}), wallet_credited: false };
    expect(preferencesWith({ system: false, wallet_credited: true }, switches)).toEqual({
      system: false,
      wallet_credited: false,
      profit_payout: true,
      withdrawal_requested: true,
      withdrawal_completed: true,
      withdrawal_failed: true,
      membership_reminders: true,
      payment_reminders: true,
    });
  });
});

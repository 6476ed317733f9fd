// The membership plans of product.md#dashboard-9 as the database returns them (numeric columns as text):
// the one copy the database tests compare the catalogue with.
export const SPEC_PLANS = [
  {
    tier: 'START',
    yearly_price_pln: '4997.00',
    profit_share: '0.0500',
    idea_ownership: '0.0500',
    price_usdt: '1220.00',
    price_acc: '4497.00',
  },
  {
    tier: 'PREMIUM',
    yearly_price_pln: '14997.00',
    profit_share: '0.1500',
    idea_ownership: '0.1000',
    price_usdt: '3625.00',
    price_acc: '13497.00',
  },
  {
    tier: 'VIP',
    yearly_price_pln: '49997.00',
    profit_share: '0.2000',
    idea_ownership: '0.2000',
    price_usdt: '12099.00',
    price_acc: '44997.00',
  },
];

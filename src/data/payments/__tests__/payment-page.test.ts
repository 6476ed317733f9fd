import { openPaymentPage, paymentPageUrl } from '../payment-page';

describe('paymentPageUrl', () => {
  it('leaves transfer and usdt links as stored', () => {
    expect(paymentPageUrl('https://pay.example.com/a?x=1', 'transfer', 'jan@example.pl')).toBe(
      'https://pay.example.com/a?x=1',
    );
    expect(paymentPageUrl('https://pay.example.com/b', 'usdt', 'jan@example.pl')).toBe('https://pay.example.com/b');
  });

  it('appends the URL-encoded e-mail for acc, keeping the query and the fragment', () => {
    expect(paymentPageUrl('https://pay.example.com/acc?plan=vip#start', 'acc', 'jan+klub@example.pl')).toBe(
      'https://pay.example.com/acc?plan=vip&email=jan%2Bklub%40example.pl#start',
    );
  });

  it('does not send an empty e-mail', () => {
    expect(paymentPageUrl('https://pay.example.com/acc', 'acc', '')).toBe('https://pay.example.com/acc');
  });
});

describe('openPaymentPage', () => {
  it('opens a new tab without a handle on this one', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openPaymentPage('https://pay.example.com/x');
    expect(open).toHaveBeenCalledWith('https://pay.example.com/x', '_blank', 'noopener,noreferrer');
  });
});

import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { functionsUrl, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { memberSession } from '@/testing/factories';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { UsdtPaymentPage } from '../usdt-payment-page';

const ORDER_ID = '7d0f3a52-8c1e-4f5b-9a6d-2b3c4d5e6f70';
const CLUB = 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX';
const HASH = 'ab'.repeat(32);

const order = {
  id: ORDER_ID,
  reference: 'KLB-7F3K2Q',
  kind: 'plan',
  plan_tier: 'PREMIUM',
  ccc_tier: null,
  quantity: 1,
  method: 'usdt',
  amount: 1220.37,
  currency: 'USDT',
  status: 'pending',
  network: 'TRC20',
  amount_received: null as number | null,
  shortfall: null as number | null,
  expires_at: '2026-12-09T10:00:00+00:00',
  created_at: '2026-12-02T10:00:00+00:00',
};

function serve({ checks = [] as Record<string, unknown>[], orderRow = order } = {}) {
  const submitted: unknown[] = [];
  let currentChecks = checks;
  server.use(
    http.get(restUrl('/payment_orders'), () => HttpResponse.json([orderRow])),
    http.get(restUrl('/usdt_networks'), () =>
      HttpResponse.json([{ network: 'TRC20', enabled: true, receiving_address: CLUB }]),
    ),
    http.get(restUrl('/usdt_payment_checks'), () => HttpResponse.json(currentChecks)),
    http.post(functionsUrl('usdt-verify-payment'), async ({ request }) => {
      submitted.push(await request.json());
      currentChecks = [
        {
          id: 1,
          tx_hash: HASH,
          status: 'waiting',
          outcome: 'not_final',
          confirmations: 2,
          required: 19,
          created_at: '',
          checked_at: '',
        },
      ];
      return HttpResponse.json({
        status: 'waiting',
        outcome: 'not_final',
        confirmations: 2,
        required: 19,
        orderStatus: 'pending',
      });
    }),
  );
  return { submitted };
}

describe('the USDT payment page', () => {
  it("shows the club's address, the exact amount and the QR code of the order's network", async () => {
    serve();
    renderWithProviders(<UsdtPaymentPage orderId={ORDER_ID} />, {
      supabase: createTestSupabase(),
      session: memberSession(),
    });
    expect(await screen.findByTestId('usdt-address')).toHaveTextContent(CLUB);
    expect(screen.getByTestId('usdt-amount')).toHaveTextContent(/1\s?220,37 USDT/);
    expect(screen.getByRole('button', { name: 'Kopiuj adres portfela' })).toBeInTheDocument();
    const qr = await screen.findByTestId('usdt-qr');
    expect(qr).toHaveAttribute('data-value', `tron:${CLUB}?amount=1220.37&token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`);
    expect(screen.getByText('Zamówienie KLB-7F3K2Q: Plan PREMIUM')).toBeInTheDocument();
  });

  it("checks the hash's format for the network, then sends it and says 'Czekamy na potwierdzenia sieci (x/y)'", async () => {
    const { submitted } = serve();
    const { user } = renderWithProviders(<UsdtPaymentPage orderId={ORDER_ID} />, {
      supabase: createTestSupabase(),
      session: memberSession(),
    });
    const field = await screen.findByLabelText(/Hash transakcji/);
    await user.type(field, `0x${HASH}`);
    await user.click(screen.getByRole('button', { name: 'Sprawdź płatność' }));
    expect(await screen.findByText(/Nieprawidłowy hash transakcji/)).toBeInTheDocument();
    expect(submitted).toEqual([]);
    await user.clear(field);
    await user.type(field, HASH);
    await user.click(screen.getByRole('button', { name: 'Sprawdź płatność' }));
    expect(await screen.findByText('Czekamy na potwierdzenia sieci (2/19)')).toBeInTheDocument();
    expect(submitted).toEqual([{ orderId: ORDER_ID, txHash: HASH }]);
  });

  it('says what arrived when less than due came, and why a hash was not accepted', async () => {
    serve({
      orderRow: { ...order, status: 'underpaid', amount_received: 1000, shortfall: 220.37 },
      checks: [
        {
          id: 2,
          tx_hash: HASH,
          status: 'confirmed',
          outcome: 'ok',
          confirmations: 19,
          required: 19,
          created_at: '',
          checked_at: '',
        },
      ],
    });
    renderWithProviders(<UsdtPaymentPage orderId={ORDER_ID} />, {
      supabase: createTestSupabase(),
      session: memberSession(),
    });
    expect(await screen.findByText(/Otrzymaliśmy 1\s?000,00 USDT. Brakuje 220,37 USDT/)).toBeInTheDocument();
    // What is still due is what the page asks for now.
    expect(screen.getByTestId('usdt-amount')).toHaveTextContent('220,37 USDT');
  });

  it('a rejected hash says why, and the form stays for another one', async () => {
    serve({
      checks: [
        {
          id: 3,
          tx_hash: HASH,
          status: 'rejected',
          outcome: 'wrong_recipient',
          confirmations: null,
          required: null,
          created_at: '',
          checked_at: '',
        },
      ],
    });
    renderWithProviders(<UsdtPaymentPage orderId={ORDER_ID} />, {
      supabase: createTestSupabase(),
      session: memberSession(),
    });
    expect(await screen.findByText('Ta transakcja nie trafiła na adres Klubu.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Hash transakcji/)).toBeInTheDocument();
  });
});

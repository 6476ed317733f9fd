import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { functionsUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { SystemHealthTab } from '../system-health-tab';

const check = (overrides: Record<string, unknown>) => ({
  area: 'email',
  status: 'ok',
  value: 0,
  detail: null,
  first_seen_at: null,
  last_seen_at: null,
  ...overrides,
});

const CHECKS = [
  check({
    check_key: 'email.failed',
    status: 'problem',
    value: 1,
    first_seen_at: '2026-11-27T10:00:00Z',
    last_seen_at: '2026-11-27T12:00:00Z',
  }),
  check({
    check_key: 'money.withdrawals',
    area: 'money',
    status: 'problem',
    value: 2,
    first_seen_at: '2026-11-26T09:00:00Z',
  }),
  check({ check_key: 'job.send-outbox', area: 'jobs', status: 'warning', value: 7 }),
  check({ check_key: 'email.queue', value: 3, detail: '4' }),
  check({ check_key: 'money.commissions', area: 'money', value: 2, detail: '25.50' }),
  check({
    check_key: 'payments.orders_overdue',
    area: 'payments',
    status: 'problem',
    value: 4,
    detail: '3',
    first_seen_at: '2026-11-27T08:00:00Z',
  }),
  check({ check_key: 'payments.gateway', area: 'payments', value: 0 }),
  check({ check_key: 'job.przelewy24-reconcile', area: 'jobs', value: null }),
  check({
    check_key: 'security.smtp_policy',
    area: 'security',
    detail: '{"allowedPorts": [465, 587], "allowPrivateHosts": false}',
  }),
];

const FAILED = [
  {
    id: 41,
    template: 'payment-confirmed',
    to_email: 'anna@example.com',
    attempts: 5,
    last_error: 'SMTP: Invalid login',
    created_at: '2026-11-27T09:00:00Z',
    request_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  },
];

const FAILED_IDEAS = [
  {
    id: '5d1f0000-0000-4000-8000-000000000001',
    title: 'Aplikacja do zakupów',
    author_email: 'ewa@example.com',
    submitted_at: '2026-11-27T08:00:00Z',
    failed_at: '2026-11-27T08:00:05Z',
  },
];

function setup(health: Parameters<typeof mockRpc>[1] = CHECKS) {
  mockRpc('admin_system_health', health);
  mockRpc('admin_list_failed_emails', FAILED);
  mockRpc('admin_list_failed_idea_webhooks', FAILED_IDEAS);
  const resent = mockRpc('admin_resend_email', null);
  const discarded = mockRpc('admin_discard_email', null);
  return { ...renderAdmin(<SystemHealthTab />), resent, discarded };
}

describe("'Stan systemu'", () => {
  it('shows each check as OK / warning / problem with its figure, since when, and a link to act', async () => {
    setup();
    expect(await screen.findByTestId('health-summary')).toHaveTextContent('Problemy: 3, ostrzeżenia: 1.');
    const withdrawals = screen.getByRole('row', { name: /Wypłaty oczekujące lub w realizacji dłużej niż 48 h/ });
    expect(within(withdrawals).getByText('Problem')).toBeInTheDocument();
    expect(within(withdrawals).getByRole('link', { name: 'Przejdź' })).toHaveAttribute(
      'href',
      '/dashboard/admin/withdrawals',
    );
    const job = screen.getByRole('row', { name: /Zadanie „send-outbox”/ });
    expect(within(job).getByText('Ostrzeżenie')).toBeInTheDocument();
    expect(job).toHaveTextContent('7 min temu');
    const queue = screen.getByRole('row', { name: /E-maile w kolejce/ });
    expect(within(queue).getByText('OK')).toBeInTheDocument();
    expect(queue).toHaveTextContent('3 (najstarszy: 4 min)');
    expect(within(queue).queryByRole('link')).toBeNull();
    expect(screen.getByRole('row', { name: /Niewypłacone prowizje/ })).toHaveTextContent('2 (25,50 zł)');
    expect(screen.getByRole('row', { name: /Polityka adresów SMTP/ })).toHaveTextContent(
      'porty 465, 587; adresy prywatne: zabronione',
    );
    const overdue = screen.getByRole('row', { name: /Zamówienia oczekujące ponad 2 h po terminie/ });
    expect(overdue).toHaveTextContent('4 (najstarsze: 3 h po terminie)');
    expect(within(overdue).getByRole('link', { name: 'Przejdź' })).toHaveAttribute('href', '/dashboard/admin/payments');
    expect(screen.getByRole('row', { name: /Wypłaty oczekujące lub w realizacji/ })).toHaveTextContent(
      '2 (w realizacji: 0)',
    );
    expect(screen.getByRole('row', { name: /Zadanie „przelewy24-reconcile”/ })).toHaveTextContent(
      'jeszcze się nie zgłosiło (zadanie opcjonalne)',
    );
    const failed = screen.getByRole('row', { name: /E-maile, których nie udało się wysłać/ });
    expect(within(failed).getByRole('link', { name: 'Przejdź' })).toHaveAttribute('href', '#failed-emails');
  });

  it('says all is well when every check is OK', async () => {
    setup([check({ check_key: 'email.queue' })]);
    expect(await screen.findByTestId('health-summary')).toHaveTextContent('Wszystko działa.');
  });

  it('shows the error with a retry when the checks cannot be read', async () => {
    setup(() => postgrestFailure(500, 'XX000', 'boom'));
    expect(await screen.findByText('Nie udało się pobrać stanu systemu')).toBeInTheDocument();
  });

  it("'Wyślij ponownie' and 'Odrzuć' (after confirming) act on the failed e-mail", async () => {
    const { user, resent, discarded } = setup();
    const row = await screen.findByRole('row', { name: /anna@example\.com/ });
    expect(row).toHaveTextContent('SMTP: Invalid login');
    expect(row).toHaveTextContent('a1b2c3d4e5f60718293a4b5c6d7e8f90');
    await user.click(within(row).getByRole('button', { name: 'Wyślij ponownie' }));
    await waitFor(() => expect(resent).toHaveLength(1));
    expect(resent[0]?.body).toEqual({ p_id: 41 });
    expect(await screen.findByText('E-mail wróci do kolejki i zostanie wysłany ponownie.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Odrzuć' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odrzucić ten e-mail?' });
    expect(discarded).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    await waitFor(() => expect(discarded).toHaveLength(1));
    expect(discarded[0]?.body).toEqual({ p_id: 41 });
  });

  it("'Znajdź zdarzenie': the rows one request id left, the audit row linked to 'Dziennik zmian'; a malformed id is refused here", async () => {
    const id = '4bf92f3577b34da6a3ce929d0e0e4736';
    const { user } = setup();
    const found = mockRpc('admin_find_request', (call) =>
      (call.body as { p_request_id: string }).p_request_id === id
        ? [
            {
              source: 'audit',
              created_at: '2026-11-27T10:00:00Z',
              summary: 'idea.webhook_failed',
              target: 'idea 5d1f',
              detail: 'system: idea-webhook',
            },
            {
              source: 'email',
              created_at: '2026-11-27T10:00:01Z',
              summary: 'payment-confirmed',
              target: 'a…@example.com',
              detail: 'failed: SMTP: Invalid login',
            },
          ]
        : [],
    );
    const search = await screen.findByRole('search', { name: 'Znajdź zdarzenie' });
    const field = within(search).getByLabelText(/Identyfikator zdarzenia/);
    await user.type(field, 'nie ma takiego!');
    await user.click(within(search).getByRole('button', { name: 'Szukaj' }));
    expect(await within(search).findByText(/Podaj identyfikator zdarzenia/)).toBeInTheDocument();
    expect(found).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ` ${id} `);
    await user.click(within(search).getByRole('button', { name: 'Szukaj' }));
    const results = await screen.findByRole('region', { name: `Wpisy zdarzenia ${id}` });
    expect(found[0]?.body).toEqual({ p_request_id: id });
    const audit = within(results).getByRole('row', { name: /idea\.webhook_failed/ });
    expect(within(audit).getByRole('link', { name: 'Dziennik zmian' })).toHaveAttribute(
      'href',
      `/dashboard/admin/audit?request=${id}`,
    );
    expect(within(results).getByRole('row', { name: /payment-confirmed/ })).toHaveTextContent(
      'failed: SMTP: Invalid login',
    );

    await user.clear(field);
    await user.type(field, 'ffffffffffffffffffffffffffffffff');
    await user.click(within(search).getByRole('button', { name: 'Szukaj' }));
    expect(
      await screen.findByText('Nie znaleziono wpisów ze zdarzenia ffffffffffffffffffffffffffffffff.'),
    ).toBeInTheDocument();
  });

  it("'Ponów' sends a failed idea again through the idea-webhook function and shows the new answer; a refusal in Polish", async () => {
    const calls: unknown[] = [];
    let answer = () => HttpResponse.json({ feedback: 'Pomysł przyjęty do analizy' });
    server.use(
      http.post(functionsUrl('idea-webhook'), async ({ request }) => {
        calls.push(await request.json());
        return answer();
      }),
    );
    const { user } = setup();
    const row = await screen.findByRole('row', { name: /Aplikacja do zakupów/ });
    expect(row).toHaveTextContent('ewa@example.com');
    await user.click(within(row).getByRole('button', { name: 'Ponów wysyłkę pomysłu „Aplikacja do zakupów”' }));
    expect(
      await screen.findByText('Pomysł wysłany ponownie. Odpowiedź: Pomysł przyjęty do analizy'),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ ideaId: '5d1f0000-0000-4000-8000-000000000001', retry: true }]);

    answer = () => HttpResponse.json({ error: { code: 'ideas.webhook_not_failed', message: 'x' } }, { status: 409 });
    await user.click(within(row).getByRole('button', { name: /Ponów wysyłkę/ }));
    expect(await screen.findByText('Ten pomysł nie czeka już na ponowną wysyłkę')).toBeInTheDocument();
  });
});

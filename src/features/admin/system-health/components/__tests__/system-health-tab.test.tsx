import { screen, waitFor, within } from '@testing-library/react';
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

function setup(health: Parameters<typeof mockRpc>[1] = CHECKS) {
  mockRpc('admin_system_health', health);
  mockRpc('admin_list_failed_emails', FAILED);
  const resent = mockRpc('admin_resend_email', null);
  const discarded = mockRpc('admin_discard_email', null);
  return { ...renderAdmin(<SystemHealthTab />), resent, discarded };
}

describe("'Stan systemu'", () => {
  it('shows each check as OK / warning / problem with its figure, since when, and a link to act', async () => {
    setup();
    expect(await screen.findByTestId('health-summary')).toHaveTextContent('Problemy: 2, ostrzeżenia: 1.');
    const withdrawals = screen.getByRole('row', { name: /Wypłaty oczekujące dłużej niż 48 h/ });
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
});

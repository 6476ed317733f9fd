import { screen, waitFor, within } from '@testing-library/react';
import { mockTable, renderAdmin } from '../../../testing/render-admin';
import { AuditTab } from '../audit-tab';

const row = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  created_at: '2026-11-25T10:00:00Z',
  actor_id: 'a1',
  actor_email: 'admin@klub.local',
  action: 'wallet.credit',
  target_type: 'wallet',
  target_id: 'u1',
  target_user_id: 'u1',
  before: { available_balance: 0 },
  after: { available_balance: 50 },
  ...values,
});

describe("'Dziennik zmian'", () => {
  it('lists entries with the changed fields and asks the server with the filters', async () => {
    const calls = mockTable('get', 'admin_audit_log', (call) =>
      call.query.action
        ? [
            row(2, {
              action: 'profiles.update',
              before: { membership_level: 'FREE' },
              after: { membership_level: 'VIP' },
            }),
          ]
        : [row(1)],
    );
    const { user } = renderAdmin(<AuditTab />);
    const first = await screen.findByRole('row', { name: /wallet\.credit/ });
    expect(first).toHaveTextContent('available_balance: 0 → 50');
    await user.type(screen.getByLabelText(/^Akcja/), 'profiles.');
    await user.type(screen.getByLabelText('Administrator (e-mail)'), 'Admin@Klub.local');
    await user.click(screen.getByRole('button', { name: 'Filtruj' }));
    expect(await screen.findByRole('row', { name: /profiles\.update/ })).toHaveTextContent(
      'membership_level: FREE → VIP',
    );
    const last = calls.at(-1)!;
    expect(last.query.action).toBe('like.profiles.%');
    expect(last.query.actor_email).toBe('eq.admin@klub.local');
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Strony dziennika zmian' })).getByText('Strona 1'),
      ).toBeInTheDocument(),
    );
  });

  it("says 'Brak wpisów' when nothing matches", async () => {
    mockTable('get', 'admin_audit_log', []);
    renderAdmin(<AuditTab />);
    expect(await screen.findByText('Brak wpisów')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { SettingsPage } from '../settings-page';
import { profileOf, serveSettings } from './fixtures';

const account = buildUser({ email: 'ewa@example.pl' });

function setup(preferences: Record<string, boolean>, ...handlers: Parameters<typeof server.use>) {
  const base = profileOf(account);
  const profile = { ...base, user_settings: { ...base.user_settings!, notification_preferences: preferences } };
  server.use(...handlers, ...serveSettings(account, profile));
  return renderWithProviders(<SettingsPage />, {
    supabase: createTestSupabase(),
    session: buildSession(account),
    route: '/dashboard/settings',
  });
}

const card = async () => screen.findByRole('region', { name: 'Powiadomienia e-mail' });

describe("'Powiadomienia e-mail'", () => {
  it('shows one switch per money e-mail and kind of reminder, on unless switched off, and says security e-mails are always sent', async () => {
    setup({ profit_payout: false, payment_reminders: false });
    const region = await card();
    expect(within(region).getAllByRole('switch')).toHaveLength(7);
    expect(within(region).getByRole('switch', { name: 'Przypomnienia o członkostwie' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(region).getByRole('switch', { name: 'Przypomnienia o płatnościach' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(region).getByRole('switch', { name: 'Wpłata do portfela' })).toHaveAttribute('aria-checked', 'true');
    expect(within(region).getByRole('switch', { name: 'Wypłata zysków' })).toHaveAttribute('aria-checked', 'false');
    expect(within(region).getByRole('switch', { name: 'Wypłata zrealizowana' })).toHaveAccessibleDescription(
      'Z linkiem do transakcji.',
    );
    expect(within(region).getByText(/wysyłamy zawsze/)).toBeInTheDocument();
    // Nothing changed yet: nothing to save.
    expect(within(region).getByRole('button', { name: 'Zapisz ustawienia powiadomień' })).toBeDisabled();
  });

  it('saves the switches into notification_preferences of the own row, keeping the other keys', async () => {
    let sent: { query: string; body: unknown } | undefined;
    const view = setup(
      { system: false },
      http.patch(restUrl('/user_settings'), async ({ request }) => {
        const body = (await request.json()) as { notification_preferences: Record<string, boolean> };
        sent = { query: new URL(request.url).search, body };
        await delay(50);
        return HttpResponse.json({ notification_preferences: body.notification_preferences });
      }),
    );
    const region = await card();
    await view.user.click(within(region).getByRole('switch', { name: 'Wpłata do portfela' }));
    expect(within(region).getByRole('switch', { name: 'Wpłata do portfela' })).toHaveAttribute('aria-checked', 'false');
    await view.user.click(within(region).getByRole('button', { name: 'Zapisz ustawienia powiadomień' }));
    expect(within(region).getByRole('button', { name: 'Zapisywanie...' })).toBeDisabled();
    expect(await within(region).findByRole('status')).toHaveTextContent('Ustawienia powiadomień zostały zapisane');
    expect(sent?.query).toContain(`user_id=eq.${account.id}`);
    expect(sent?.body).toEqual({
      notification_preferences: {
        system: false,
        wallet_credited: false,
        profit_payout: true,
        withdrawal_requested: true,
        withdrawal_completed: true,
        withdrawal_failed: true,
        membership_reminders: true,
        payment_reminders: true,
      },
    });
  });

  it('a failed save says so in Polish and keeps the switches as set', async () => {
    const view = setup(
      {},
      http.patch(restUrl('/user_settings'), () => postgrestError(500, { code: 'XX000', message: 'boom' })),
    );
    const region = await card();
    await view.user.click(within(region).getByRole('switch', { name: 'Wypłata odrzucona' }));
    await view.user.click(within(region).getByRole('button', { name: 'Zapisz ustawienia powiadomień' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Nie udało się zapisać ustawień powiadomień');
    expect(within(region).getByRole('switch', { name: 'Wypłata odrzucona' })).toHaveAttribute('aria-checked', 'false');
    expect(within(region).getByRole('button', { name: 'Zapisz ustawienia powiadomień' })).toBeEnabled();
  });

  it("shows the database's refusal as its message", async () => {
    const view = setup(
      {},
      http.patch(restUrl('/user_settings'), () =>
        postgrestError(400, { code: 'P0001', message: 'settings.invalid_notification_preferences' }),
      ),
    );
    const region = await card();
    await view.user.click(within(region).getByRole('switch', { name: 'Zlecenie wypłaty' }));
    await view.user.click(within(region).getByRole('button', { name: 'Zapisz ustawienia powiadomień' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Nieprawidłowe ustawienia powiadomień');
  });
});

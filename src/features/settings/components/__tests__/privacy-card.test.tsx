import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { restUrl, siteSettingsRow } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import {
  authUrl,
  gotrueError,
  recordPost,
  rpcAnswer,
  rpcUrl,
  sessionAnswer,
  userAnswer,
} from '@/testing/msw/supabase-answers';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { PrivacyCard } from '../privacy-card';

const postgrestError = (key: string) =>
  HttpResponse.json({ code: 'P0001', message: key, details: null, hint: null }, { status: 400 });

function setup(account: User, ...handlers: Parameters<typeof server.use>) {
  server.use(
    ...handlers,
    http.get(authUrl('/user'), () => userAnswer(account)),
    http.get(restUrl('/site_settings'), () =>
      HttpResponse.json(siteSettingsRow({ site_title: 'Klub Testowy', privacy_contact_email: 'dane@klub.test' })),
    ),
  );
  const wrap = (node: ReactNode) => <ToastProvider>{node}</ToastProvider>;
  return renderWithProviders(wrap(<PrivacyCard />), {
    supabase: createTestSupabase(),
    session: buildSession(account),
    route: '/dashboard/settings',
  });
}

describe("'Pobierz moje dane'", () => {
  let saved: { name: string; text: Promise<string> }[];

  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', text: blob.text() });
      return 'blob:file';
    }) as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download;
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it('saves one JSON file: the privacy notice with the club’s name and contact, the sections, the data', async () => {
    const exported = recordPost(rpcUrl('export_my_data'), () =>
      rpcAnswer({
        format: 'klub-member-data',
        version: 1,
        generated_at: '2026-11-30T10:00:00+00:00',
        user_id: 'u-1',
        data: { orders: [{ reference: 'KLB-ABCDEF' }], wallet_ledger: [{ kind: 'credit' }] },
      }),
    );
    const { user } = setup(buildUser(), exported.handler);
    await user.click(screen.getByRole('button', { name: 'Pobierz moje dane' }));
    expect(await screen.findByText('Pobrano plik z Twoimi danymi')).toBeInTheDocument();
    expect(exported.calls).toHaveLength(1);
    expect(saved.map((file) => file.name)).toEqual(['moje-dane-2026-11-30.json']);
    const file = JSON.parse(await saved[0]!.text) as {
      informacja: { title: string; sections: { id: string; paragraphs?: string[] }[] };
      sekcje: Record<string, string>;
      dane: Record<string, unknown>;
    };
    expect(Object.keys(file)).toEqual(['informacja', 'plik', 'sekcje', 'dane']);
    expect(file.informacja.title).toBe('Polityka prywatności');
    const controller = file.informacja.sections.find((section) => section.id === 'administrator');
    expect(controller?.paragraphs?.join(' ')).toContain('Klub Testowy');
    expect(controller?.paragraphs?.join(' ')).toContain('dane@klub.test');
    expect(file.sekcje).toEqual({ orders: 'Zamówienia i płatności', wallet_ledger: 'Historia operacji portfela' });
    expect(file.dane).toEqual({ orders: [{ reference: 'KLB-ABCDEF' }], wallet_ledger: [{ kind: 'credit' }] });
  });

  it('says when the day’s three copies were taken, and saves nothing', async () => {
    const { user } = setup(
      buildUser(),
      http.post(rpcUrl('export_my_data'), () => postgrestError('privacy.export_rate_limited')),
    );
    await user.click(screen.getByRole('button', { name: 'Pobierz moje dane' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Możesz pobrać swoje dane najwyżej 3 razy na dobę. Spróbuj ponownie jutro.',
    );
    expect(saved).toEqual([]);
  });
});

describe("'Usuń konto'", () => {
  const openDialog = async (user: ReturnType<typeof setup>['user']) => {
    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    return screen.findByRole('dialog', { name: 'Usuń konto' });
  };

  it('lists the blockers first, each with what to do, and offers no form while they stand', async () => {
    const { user } = setup(
      buildUser(),
      http.post(rpcUrl('get_account_deletion_blockers'), () =>
        rpcAnswer([
          { kind: 'balance', amount: 12.5, currency: 'USDT', items: 1, refs: [] },
          { kind: 'order', amount: null, currency: null, items: 1, refs: ['KLB-ABCDEF'] },
        ]),
      ),
    );
    const dialog = await openDialog(user);
    const blockers = await within(dialog).findByTestId('deletion-blockers');
    expect(
      within(blockers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'W portfelu masz 12,50 USDT. Wypłać środki w sekcji Portfel.',
      'Masz nierozliczone zamówienie (KLB-ABCDEF). Opłać je albo anuluj w „Moje płatności”; przy niedopłacie lub zwrocie poczekaj na rozliczenie.',
    ]);
    expect(within(dialog).getByText('Co zachowamy i dlaczego')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Hasło')).not.toBeInTheDocument();
  });

  it('says what happens, asks for the password and USUŃ, puts a wrong password at its field and keeps the rest', async () => {
    const deletions = recordPost(rpcUrl('delete_my_account'), () => rpcAnswer('wrong_password'));
    const { user } = setup(
      buildUser(),
      http.post(rpcUrl('get_account_deletion_blockers'), () => rpcAnswer([])),
      deletions.handler,
    );
    const dialog = await openDialog(user);
    expect(
      await within(dialog).findByText(/przechowamy bez powiązania z Twoim kontem przez 5 lat/),
    ).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Usuń konto na zawsze' });
    await user.type(within(dialog).getByLabelText('Hasło'), 'Zle-haslo1');
    await user.type(within(dialog).getByLabelText('Wpisz USUŃ, aby potwierdzić'), 'usun');
    await user.click(submit);
    expect(await within(dialog).findByText('Wpisz słowo USUŃ wielkimi literami')).toBeInTheDocument();
    expect(deletions.calls).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Wpisz USUŃ, aby potwierdzić'));
    await user.type(within(dialog).getByLabelText('Wpisz USUŃ, aby potwierdzić'), 'USUŃ');
    await user.click(submit);
    expect(await within(dialog).findByText('Nieprawidłowe hasło')).toBeInTheDocument();
    expect(deletions.calls[0]?.body).toEqual({ p_password: 'Zle-haslo1', p_confirmation: 'USUŃ' });
    expect(within(dialog).getByLabelText('Wpisz USUŃ, aby potwierdzić')).toHaveValue('USUŃ');
  });

  it('with two-factor sign-in verifies the code with Auth first, then deletes, signs out and opens the notice page', async () => {
    const account = withVerifiedTotp(buildUser());
    const factorId = account.factors![0]!.id;
    const order: string[] = [];
    const logout = recordPost(authUrl('/logout'), () => new Response(null, { status: 204 }));
    const { user, router } = setup(
      account,
      http.post(rpcUrl('get_account_deletion_blockers'), () => rpcAnswer([])),
      http.post(authUrl(`/factors/${factorId}/challenge`), () => {
        order.push('challenge');
        return HttpResponse.json({ id: 'c1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });
      }),
      http.post(authUrl(`/factors/${factorId}/verify`), () => {
        order.push('verify');
        return sessionAnswer(buildSession(account, { aal: 'aal2' }));
      }),
      http.post(rpcUrl('delete_my_account'), () => {
        order.push('delete');
        return rpcAnswer('deleted');
      }),
      logout.handler,
    );
    const dialog = await openDialog(user);
    await user.type(await within(dialog).findByLabelText('Hasło'), 'Haslo1234');
    await user.type(within(dialog).getByLabelText(/Kod weryfikacyjny/), '123456');
    await user.type(within(dialog).getByLabelText('Wpisz USUŃ, aby potwierdzić'), 'USUŃ');
    await user.click(within(dialog).getByRole('button', { name: 'Usuń konto na zawsze' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/polityka-prywatnosci'));
    expect(router.state.location.state).toEqual({ accountDeleted: true });
    expect(order).toEqual(['challenge', 'verify', 'delete']);
    // The dead session is dropped here (Auth's logout; the account is gone anyway).
    await waitFor(() => expect(logout.calls).toHaveLength(1));
  });

  it('puts a code Auth refused at the code’s field, and deletes nothing', async () => {
    const account = withVerifiedTotp(buildUser());
    const factorId = account.factors![0]!.id;
    const deletions = recordPost(rpcUrl('delete_my_account'), () => rpcAnswer('deleted'));
    const { user } = setup(
      account,
      http.post(rpcUrl('get_account_deletion_blockers'), () => rpcAnswer([])),
      http.post(authUrl(`/factors/${factorId}/challenge`), () =>
        HttpResponse.json({ id: 'c1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
      ),
      http.post(authUrl(`/factors/${factorId}/verify`), () =>
        gotrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
      ),
      deletions.handler,
    );
    const dialog = await openDialog(user);
    await user.type(await within(dialog).findByLabelText('Hasło'), 'Haslo1234');
    await user.type(within(dialog).getByLabelText(/Kod weryfikacyjny/), '000000');
    await user.type(within(dialog).getByLabelText('Wpisz USUŃ, aby potwierdzić'), 'USUŃ');
    await user.click(within(dialog).getByRole('button', { name: 'Usuń konto na zawsze' }));
    expect(await within(dialog).findByText('Nieprawidłowy kod')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Kod weryfikacyjny/)).toHaveValue('');
    expect(deletions.calls).toHaveLength(0);
  });
});

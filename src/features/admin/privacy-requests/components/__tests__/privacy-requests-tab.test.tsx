import { screen, waitFor, within } from '@testing-library/react';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { PrivacyRequestsTab } from '../privacy-requests-tab';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

const request = (overrides: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  kind: 'export',
  channel: 'email',
  user_id: crypto.randomUUID(),
  member_email: 'jan@example.test',
  member_name: 'Jan Kowalski',
  requester_email: 'jan@example.test',
  received_at: iso(-25),
  due_at: iso(5),
  status: 'open',
  completed_at: null,
  handled_by: null,
  handled_by_email: null,
  note: null,
  subject_erased: false,
  total_count: 3,
  ...overrides,
});

const OPEN_EXPORT = request({});
const OVERDUE_ERASURE = request({
  kind: 'erasure',
  due_at: iso(-2),
  member_email: 'ewa@example.test',
  member_name: null,
});
const ERASED = request({
  kind: 'erasure',
  channel: 'app',
  user_id: null,
  member_email: null,
  member_name: null,
  requester_email: null,
  status: 'completed',
  completed_at: iso(-1),
  subject_erased: true,
});

/** The table's row that shows `text`. */
const rowWith = (text: string) => {
  const row = screen.getAllByRole('row').find((candidate) => within(candidate).queryByText(text));
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
};

describe("'Wnioski RODO'", () => {
  it('lists each request with its date, kind, member, deadline, status and who handled it', async () => {
    mockRpc('admin_list_privacy_requests', [OPEN_EXPORT, OVERDUE_ERASURE, ERASED]);
    renderAdmin(<PrivacyRequestsTab />);
    await screen.findByText('jan@example.test');
    const openRow = rowWith('jan@example.test');
    expect(within(openRow).getByText('Kopia danych')).toBeInTheDocument();
    expect(within(openRow).getByText('e-mailem')).toBeInTheDocument();
    expect(within(openRow).getByText('zostało dni: 5')).toBeInTheDocument();
    expect(within(openRow).getByText('Otwarty')).toBeInTheDocument();
    expect(within(openRow).getByRole('button', { name: 'Pobierz dane członka' })).toBeInTheDocument();

    const overdueRow = rowWith('ewa@example.test');
    expect(within(overdueRow).getByText('po terminie')).toBeInTheDocument();
    expect(within(overdueRow).getByRole('button', { name: 'Usuń konto członka' })).toBeInTheDocument();
    // An erasure is answered by deleting the account, never by a mark.
    expect(within(overdueRow).queryByRole('button', { name: 'Zrealizowany' })).not.toBeInTheDocument();

    const erasedRow = rowWith('Członek usunięty');
    expect(within(erasedRow).getByText('Zrealizowany')).toBeInTheDocument();
    expect(within(erasedRow).getByText('członek (sam)')).toBeInTheDocument();
    expect(within(erasedRow).queryByRole('button')).not.toBeInTheDocument();
  });

  it('records an e-mailed request and says its deadline', async () => {
    mockRpc('admin_list_privacy_requests', []);
    const recorded = mockRpc('admin_record_privacy_request', (call) =>
      request({ kind: call.body.p_kind, due_at: '2026-12-30T09:00:00Z' }),
    );
    const { user } = renderAdmin(<PrivacyRequestsTab />);
    expect(await screen.findByText('Brak wniosków')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zarejestruj wniosek' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zarejestruj wniosek przysłany e-mailem lub listem' });
    await user.click(within(dialog).getByRole('button', { name: 'Zarejestruj wniosek' }));
    expect(await within(dialog).findByText('Podaj prawidłowy adres e-mail')).toBeInTheDocument();
    expect(recorded).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Adres e-mail nadawcy'), 'ewa@example.test');
    await user.selectOptions(within(dialog).getByLabelText('Czego dotyczy'), 'erasure');
    await user.click(within(dialog).getByRole('button', { name: 'Zarejestruj wniosek' }));
    expect(await screen.findByText('Zarejestrowano wniosek; termin odpowiedzi: 30.12.2026')).toBeInTheDocument();
    expect(recorded[0]?.body).toMatchObject({
      p_kind: 'erasure',
      p_channel: 'email',
      p_email: 'ewa@example.test',
      p_note: '',
    });
  });

  it('keeps what was typed when the database refuses the request', async () => {
    mockRpc('admin_list_privacy_requests', []);
    mockRpc('admin_record_privacy_request', () => postgrestFailure(400, '22023', 'privacy.invalid_received_at'));
    const { user } = renderAdmin(<PrivacyRequestsTab />);
    await user.click(await screen.findByRole('button', { name: 'Zarejestruj wniosek' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Adres e-mail nadawcy'), 'ewa@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Zarejestruj wniosek' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Data otrzymania nie może być w przyszłości ani starsza niż rok',
    );
    expect(within(dialog).getByLabelText('Adres e-mail nadawcy')).toHaveValue('ewa@example.test');
  });

  it('refuses a request only with a reason', async () => {
    mockRpc('admin_list_privacy_requests', [OPEN_EXPORT]);
    const closed = mockRpc('admin_close_privacy_request', () => ({ ...OPEN_EXPORT, status: 'refused' }));
    const { user } = renderAdmin(<PrivacyRequestsTab />);
    await user.click(await screen.findByRole('button', { name: 'Odrzuć' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odrzuć wniosek' });
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(await within(dialog).findByText('Podaj powód')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Powód odmowy'), 'Nie ustaliliśmy tożsamości');
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    await waitFor(() => expect(closed).toHaveLength(1));
    expect(closed[0]?.body).toEqual({
      p_id: OPEN_EXPORT.id,
      p_status: 'refused',
      p_note: 'Nie ustaliliśmy tożsamości',
    });
  });
});

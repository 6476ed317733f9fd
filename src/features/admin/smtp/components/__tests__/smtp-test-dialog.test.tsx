import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { functionsUrl } from '@/testing/msw/handlers';
import { readRequest } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderAdmin } from '../../../testing/render-admin';
import { SmtpTestDialog, type SmtpTestTarget } from '../smtp-test-dialog';

const CONFIG_ID = 'd0000000-0000-4000-8000-000000000001';

function mockFunction(answer: () => Response) {
  const calls: Record<string, unknown>[] = [];
  server.use(
    http.post(functionsUrl('send-test-email'), async ({ request }) => {
      calls.push((await readRequest(request)).body);
      return answer();
    }),
  );
  return calls;
}

function setup(target: SmtpTestTarget, answer: () => Response = () => HttpResponse.json({ ok: true })) {
  const calls = mockFunction(answer);
  const onClose = vi.fn();
  const view = renderAdmin(<SmtpTestDialog target={target} onClose={onClose} />);
  return { ...view, calls, onClose };
}

const unsaved = {
  host: 'smtp.example.com',
  port: 465,
  username: 'klub',
  password: 'haslo',
  fromEmail: 'no-reply@example.com',
  fromName: 'Klub',
};

describe('the SMTP test modal', () => {
  it('wants an address with @ (the spec message) before sending anything', async () => {
    const { user, calls } = setup({ label: 'Lokalny', configId: CONFIG_ID });
    const dialog = screen.getByRole('dialog', { name: 'Test SMTP' });
    expect(dialog).toHaveAccessibleDescription('Lokalny');
    await user.type(screen.getByLabelText('Email'), 'admin.klub.local');
    await user.click(screen.getByRole('button', { name: 'Wyślij test' }));
    expect(await screen.findByText('Proszę podać prawidłowy adres email')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends a stored configuration by id only (no password) and shows the spec success text', async () => {
    const { user, calls } = setup({ label: 'Lokalny', configId: CONFIG_ID });
    await user.type(screen.getByLabelText('Email'), 'admin@klub.local');
    await user.click(screen.getByRole('button', { name: 'Wyślij test' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Wiadomość testowa została wysłana. Sprawdź swoją skrzynkę email.',
    );
    expect(calls).toEqual([
      expect.objectContaining({ to: 'admin@klub.local', configId: CONFIG_ID, subject: 'Test konfiguracji SMTP' }),
    ]);
    expect(calls[0]).not.toHaveProperty('config');
  });

  it('sends an unsaved configuration with secure exactly at 465', async () => {
    const { user, calls } = setup({ label: 'Formularz', config: unsaved });
    await user.type(screen.getByLabelText('Email'), 'admin@klub.local');
    await user.click(screen.getByRole('button', { name: 'Wyślij test' }));
    await screen.findByRole('status');
    expect(calls[0]?.config).toEqual({ ...unsaved, secure: true });
  });

  it('refuses an incomplete configuration with the spec message, without calling the function', async () => {
    const { user, calls } = setup({ label: 'Formularz', config: { ...unsaved, password: '' } });
    await user.type(screen.getByLabelText('Email'), 'admin@klub.local');
    await user.click(screen.getByRole('button', { name: 'Wyślij test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowa konfiguracja SMTP');
    expect(calls).toHaveLength(0);
  });

  it('lets an edited stored configuration keep its password only for the same server', async () => {
    const stored = { host: 'smtp.example.com', port: 465, username: 'klub' };
    const same = setup({ label: 'Edycja', configId: CONFIG_ID, stored, config: { ...unsaved, password: '' } });
    await same.user.type(screen.getByLabelText('Email'), 'admin@klub.local');
    await same.user.click(screen.getByRole('button', { name: 'Wyślij test' }));
    await screen.findByRole('status');
    expect(same.calls[0]).toMatchObject({ configId: CONFIG_ID, config: { host: 'smtp.example.com', password: '' } });
    same.unmount();

    const moved = setup({
      label: 'Edycja',
      configId: CONFIG_ID,
      stored,
      config: { ...unsaved, host: 'smtp.inny.pl', password: '' },
    });
    await moved.user.type(screen.getByLabelText('Email'), 'admin@klub.local');
    await moved.user.click(screen.getByRole('button', { name: 'Wyślij test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowa konfiguracja SMTP');
    expect(moved.calls).toHaveLength(0);
  });

  it.each([
    [
      502,
      { error: 'smtp_failed', reason: 'auth', ref: '7d0c9a52-1f0e-4d4e-9a55-0f3c2b1e6a10' },
      'Błąd: serwer SMTP odrzucił nazwę użytkownika lub hasło (identyfikator zdarzenia: 7d0c9a52-1f0e-4d4e-9a55-0f3c2b1e6a10)',
    ],
    [502, { error: 'smtp_failed', reason: 'connection', ref: 'r1' }, 'Błąd: nie udało się połączyć z serwerem SMTP'],
    [504, { error: 'timeout', seconds: 10 }, 'Błąd: serwer SMTP nie odpowiedział w ciągu 10 s'],
    [
      422,
      { error: 'port_not_allowed', port: 8080, allowedPorts: [25, 465, 587, 2525] },
      'Błąd: port 8080 nie jest portem SMTP (dozwolone: 25, 465, 587, 2525)',
    ],
    [422, { error: 'host_not_allowed', host: '10.0.0.1' }, 'Błąd: adres 10.0.0.1 prowadzi do sieci wewnętrznej'],
    [400, { error: 'invalid_config' }, 'Nieprawidłowa konfiguracja SMTP'],
    [403, { error: 'forbidden' }, 'Błąd: Brak dostępu'],
  ])('shows the server answer %s as the spec\'s "Błąd: …"', async (status, body, text) => {
    const { user } = setup({ label: 'Lokalny', configId: CONFIG_ID }, () => HttpResponse.json(body, { status }));
    await user.type(screen.getByLabelText('Email'), 'admin@klub.local');
    await user.click(screen.getByRole('button', { name: 'Wyślij test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('reports a network failure as an error, and closes on Escape', async () => {
    const { user, onClose } = setup({ label: 'Lokalny', configId: CONFIG_ID }, () => HttpResponse.error());
    await user.type(screen.getByLabelText('Email'), 'admin@klub.local');
    await user.click(screen.getByRole('button', { name: 'Wyślij test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Błąd: /);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

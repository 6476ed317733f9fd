import { screen, waitFor, within } from '@testing-library/react';
import type { SmtpConfig } from '@/data/email/list-smtp-configs';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { SmtpFormDialog } from '../smtp-form-dialog';
import { smtpConfig } from './fixtures';

const stored = smtpConfig();

function setup(config: SmtpConfig | null, answer: Parameters<typeof mockRpc>[1] = [{ ...stored }]) {
  const calls = mockRpc('admin_upsert_smtp_config', answer);
  const onClose = vi.fn();
  const view = renderAdmin(<SmtpFormDialog config={config} onClose={onClose} />);
  return { ...view, calls, onClose };
}

describe('the SMTP form', () => {
  it('starts a new configuration on port 587 and requires host, user, password and sender', async () => {
    const { user, calls } = setup(null);
    const dialog = screen.getByRole('dialog', { name: 'Nowa konfiguracja SMTP' });
    expect(within(dialog).getByLabelText(/^Port/)).toHaveValue(587);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await within(dialog).findByText('Adres serwera SMTP jest wymagany')).toBeInTheDocument();
    expect(within(dialog).getByText('Nazwa użytkownika jest wymagana')).toBeInTheDocument();
    expect(within(dialog).getByText('Hasło jest wymagane')).toBeInTheDocument();
    expect(within(dialog).getByText('Nieprawidłowy adres email nadawcy')).toBeInTheDocument();
    expect(within(dialog).getByText('Nazwa nadawcy jest wymagana')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('checks the host and port the way the database does', async () => {
    const { user } = setup(null);
    await user.type(screen.getByLabelText('Serwer (host)'), 'smtp example.com');
    await user.clear(screen.getByLabelText(/^Port/));
    await user.type(screen.getByLabelText(/^Port/), '70000');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nieprawidłowy adres serwera SMTP')).toBeInTheDocument();
    expect(screen.getByText('Port musi być liczbą od 1 do 65535')).toBeInTheDocument();
  });

  it('says SSL/TLS exactly at port 465', async () => {
    const { user } = setup(null);
    const port = screen.getByLabelText(/^Port/);
    expect(port).toHaveAccessibleName(/STARTTLS/);
    await user.clear(port);
    await user.type(port, '465');
    expect(screen.getByLabelText(/^Port/)).toHaveAccessibleName(/SSL\/TLS od początku połączenia/);
  });

  it('creates a configuration through the RPC (the password goes only there) and closes', async () => {
    const { user, calls, onClose } = setup(null);
    await user.type(screen.getByLabelText('Serwer (host)'), 'smtp.example.com');
    await user.type(screen.getByLabelText('Użytkownik'), 'klub');
    await user.type(screen.getByLabelText('Hasło'), 'tajne');
    await user.type(screen.getByLabelText('Email nadawcy'), 'no-reply@example.com');
    await user.type(screen.getByLabelText('Nazwa nadawcy'), 'Klub');
    await user.click(screen.getByLabelText('Konfiguracja domyślna'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      p_name: '',
      p_host: 'smtp.example.com',
      p_port: 587,
      p_username: 'klub',
      p_password: 'tajne',
      p_from_email: 'no-reply@example.com',
      p_from_name: 'Klub',
      p_is_default: true,
    });
  });

  it('never shows the stored password: empty keeps it, and it is not sent', async () => {
    const { user, calls, onClose } = setup(stored);
    const password = screen.getByLabelText(/^Hasło/);
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', '••••••••');
    expect(screen.getByText('(zostaw puste, aby zachować zapisane)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ p_id: stored.id, p_port: 54325 });
    expect(calls[0]?.body).not.toHaveProperty('p_password');
  });

  it('shows the database refusal and keeps the form filled', async () => {
    const { user, onClose } = setup(stored, () => postgrestFailure(400, '22023', 'smtp.invalid_from_email'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy adres email nadawcy');
    expect(screen.getByLabelText('Serwer (host)')).toHaveValue('127.0.0.1');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to the spec text for an unexpected failure', async () => {
    const { user } = setup(stored, () => postgrestFailure(500, 'XX000', 'boom'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zapisać konfiguracji SMTP');
  });

  it('opens the SMTP test with the values in the form', async () => {
    const { user } = setup(stored);
    await user.click(screen.getByRole('button', { name: 'Test' }));
    const test = screen.getByRole('dialog', { name: 'Test SMTP' });
    expect(test).toHaveAccessibleDescription('Konfiguracja z formularza (serwer 127.0.0.1)');
    await user.click(within(test).getByRole('button', { name: 'Zamknij' }));
    expect(screen.getByRole('dialog', { name: 'Edytuj konfigurację SMTP' })).toBeInTheDocument();
  });
});

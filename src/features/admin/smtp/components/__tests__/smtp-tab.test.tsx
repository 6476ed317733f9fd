import { screen, within } from '@testing-library/react';
import { mockRpc, mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { getListItemWithHeading } from '@/testing/queries';
import { SmtpTab } from '../smtp-tab';
import { smtpConfig } from './fixtures';

const configs = [
  smtpConfig(),
  smtpConfig({
    id: 'd0000000-0000-4000-8000-000000000002',
    name: 'Zapasowy',
    host: 'smtp.example.com',
    port: 465,
    username: 'zapas',
    password: null as unknown as string, // the RPC's null: no password stored
    from_email: 'zapas@example.com',
    is_default: false,
    secure: true,
  }),
];

describe('the SMTP tab', () => {
  it('lists the configurations with the password masked and the default marked', async () => {
    mockRpc('admin_list_smtp_configs', configs);
    renderAdmin(<SmtpTab />);
    await screen.findByRole('heading', { name: 'Lokalny serwer pocztowy' });
    const local = getListItemWithHeading('Lokalny serwer pocztowy');
    expect(within(local).getByText('Domyślna')).toBeInTheDocument();
    expect(within(local).getByText('••••••••')).toBeInTheDocument();
    expect(within(local).getByText('127.0.0.1:54325 (STARTTLS)')).toBeInTheDocument();
    const spare = getListItemWithHeading('Zapasowy');
    expect(within(spare).getByText('smtp.example.com:465 (SSL/TLS)')).toBeInTheDocument();
    expect(within(spare).getByText('brak (bez logowania)')).toBeInTheDocument();
  });

  it('shows the spec text when the list cannot be read, and an empty state', async () => {
    mockRpc('admin_list_smtp_configs', () => postgrestFailure(500, 'XX000', 'boom'));
    const view = renderAdmin(<SmtpTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się załadować konfiguracji SMTP');
    view.unmount();
    mockRpc('admin_list_smtp_configs', []);
    renderAdmin(<SmtpTab />);
    expect(await screen.findByText('Brak konfiguracji SMTP')).toBeInTheDocument();
  });

  it('deletes after confirmation, warning about the default one; a failure stays in the dialog', async () => {
    mockRpc('admin_list_smtp_configs', configs);
    const deletes = mockTable('delete', 'smtp_configs', () => postgrestFailure(500, 'XX000', 'boom'));
    const { user } = renderAdmin(<SmtpTab />);
    await user.click(await screen.findByRole('button', { name: 'Usuń konfigurację Lokalny serwer pocztowy' }));
    const dialog = screen.getByRole('dialog', { name: 'Usuń konfigurację SMTP' });
    expect(dialog).toHaveAccessibleDescription(/jest domyślna: bez niej e-maile systemowe/);
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nie udało się usunąć konfiguracji');
    expect(deletes[0]?.query).toMatchObject({ id: `eq.${configs[0]!.id}` });
  });
});

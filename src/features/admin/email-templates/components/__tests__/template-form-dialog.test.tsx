import { screen, waitFor, within } from '@testing-library/react';
import type { EmailTemplate } from '@/data/email/list-templates';
import { getListItemWithHeading } from '@/testing/queries';
import { mockRpc, mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { previewDocument } from '../../utils/preview-document';
import { TemplateFormDialog } from '../template-form-dialog';

const activation: EmailTemplate = {
  id: crypto.randomUUID(),
  name: 'account-activation',
  subject: 'Aktywuj konto, {{fname}}',
  html_content: '<p>Cześć {{fname}},</p><p><a href="{{activate}}">Aktywuj konto</a></p>',
  text_content: 'Cześć {{fname}}\n{{activate}}',
  variables: [
    { name: 'fname', description: 'Imię i nazwisko', example: '<b>Anna</b> & Co' },
    { name: 'activate', description: 'Link', example: 'https://klub.example.com/activate?token=x' },
  ],
  smtp_config_id: null as unknown as string,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  used_by_hook: true,
};

function setup(template: EmailTemplate | null) {
  mockRpc('admin_list_smtp_configs', [
    { id: 'd0000000-0000-4000-8000-000000000001', name: 'Lokalny', host: '127.0.0.1', port: 54325 },
  ]);
  const inserts = mockTable('post', 'email_templates', { id: crypto.randomUUID() });
  const updates = mockTable('patch', 'email_templates', { id: template?.id ?? '' });
  const onClose = vi.fn();
  const view = renderAdmin(<TemplateFormDialog template={template} onClose={onClose} />);
  return { ...view, inserts, updates, onClose };
}

describe('the template form', () => {
  it('requires name, subject and content; the name in the table format', async () => {
    const { user, inserts } = setup(null);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nazwa szablonu jest wymagana')).toBeInTheDocument();
    expect(screen.getByText('Temat jest wymagany')).toBeInTheDocument();
    expect(screen.getByText('Treść jest wymagana')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nazwa/), 'Powitanie Klubu');
    expect(await screen.findByText('Nazwa może zawierać tylko małe litery, cyfry, - i _')).toBeInTheDocument();
    expect(inserts).toHaveLength(0);
  });

  it('creates a template with its variables and SMTP configuration', async () => {
    const { user, inserts, onClose } = setup(null);
    await user.type(screen.getByLabelText(/^Nazwa/), 'powitanie');
    await user.type(screen.getByLabelText('Temat'), 'Witaj');
    await user.type(screen.getByLabelText('Treść HTML'), '<p>Witaj {{{{fname}}</p>');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Konfiguracja SMTP' }),
      'd0000000-0000-4000-8000-000000000001',
    );
    await user.click(screen.getByRole('button', { name: 'Dodaj zmienną' }));
    await user.type(screen.getByLabelText('Nazwa zmiennej 1'), 'fname');
    await user.type(screen.getByLabelText('Opis zmiennej 1'), 'Imię');
    await user.type(screen.getByLabelText('Przykład zmiennej 1'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inserts[0]?.body).toEqual({
      name: 'powitanie',
      subject: 'Witaj',
      html_content: '<p>Witaj {{fname}}</p>',
      text_content: null,
      variables: [{ name: 'fname', description: 'Imię', example: 'Anna' }],
      smtp_config_id: 'd0000000-0000-4000-8000-000000000001',
    });
  });

  it('checks variable names and lets a variable be removed', async () => {
    const { user, inserts } = setup(null);
    await user.type(screen.getByLabelText(/^Nazwa/), 'powitanie');
    await user.type(screen.getByLabelText('Temat'), 'Witaj');
    await user.type(screen.getByLabelText('Treść HTML'), '<p>Witaj</p>');
    await user.click(screen.getByRole('button', { name: 'Dodaj zmienną' }));
    await user.type(screen.getByLabelText('Nazwa zmiennej 1'), 'imię i nazwisko');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nazwa zmiennej: litery, cyfry i _')).toBeInTheDocument();
    expect(inserts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Usuń zmienną 1' }));
    expect(screen.queryByLabelText('Nazwa zmiennej 1')).not.toBeInTheDocument();
  });

  it('keeps the name of a hook template read-only and says why', () => {
    setup(activation);
    expect(screen.getByRole('textbox', { name: /^Nazwa\s*\(nazwa/ })).toHaveAttribute('readonly');
    expect(screen.getByText('(nazwa szablonu systemowego nie może się zmienić)')).toBeInTheDocument();
  });

  it('previews the examples in a sandboxed frame, escaped, without scripts', async () => {
    const { user } = setup(activation);
    await user.click(screen.getByRole('button', { name: 'Pokaż podgląd' }));
    const frame = screen.getByTitle('Podgląd szablonu');
    expect(frame).toHaveAttribute('sandbox', '');
    const document = frame.getAttribute('srcdoc') ?? '';
    expect(document).toContain('<p>Cześć &lt;b&gt;Anna&lt;/b&gt; &amp; Co,</p>');
    expect(document).toContain('href="https://klub.example.com/activate?token=x"');
    expect(document).toContain('Content-Security-Policy');
    expect(screen.getByText('Aktywuj konto, <b>Anna</b> & Co')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ukryj podgląd' }));
    expect(screen.queryByTitle('Podgląd szablonu')).not.toBeInTheDocument();
  });

  it('edits a template and shows the database refusal of a rename', async () => {
    const other = { ...activation, name: 'powitanie', used_by_hook: false };
    const { user, updates } = setup(other);
    await user.clear(screen.getByLabelText('Temat'));
    await user.type(screen.getByLabelText('Temat'), 'Nowy temat');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.query).toMatchObject({ id: `eq.${other.id}` });
    expect(updates[0]?.body).toMatchObject({ subject: 'Nowy temat', name: 'powitanie' });
  });

  it('shows "Nie udało się zapisać szablonu" on failure', async () => {
    mockRpc('admin_list_smtp_configs', []);
    mockTable('patch', 'email_templates', () => postgrestFailure(500, 'XX000', 'boom'));
    const { user } = renderAdmin(<TemplateFormDialog template={activation} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zapisać szablonu');
  });
});

describe('the preview rendering', () => {
  it('renders through the sending renderer: {{fname}} filled as in the e-mail, one pass, unknown ones empty', async () => {
    const { user } = setup({
      ...activation,
      subject: 'Witaj {{fname}} [{{nieznana}}]',
      html_content: '<p>{{ fname }}: {{link}}</p>',
      text_content: 'Cześć {{fname}}, {{link}}',
      variables: [{ name: 'link', description: 'Link', example: '{{fname}}&x' }],
    });
    await user.click(screen.getByRole('button', { name: 'Pokaż podgląd' }));
    expect(screen.getByText('Witaj Anna Nowak []')).toBeInTheDocument();
    expect(screen.getByTitle('Podgląd szablonu').getAttribute('srcdoc')).toContain(
      '<p>Anna Nowak: {{fname}}&amp;x</p>',
    );
    expect(screen.getByText('Cześć Anna Nowak, {{fname}}&x')).toBeInTheDocument();
    expect(previewDocument('<p>x</p>')).toMatch(/default-src 'none'/);
  });
});

describe('the hook template in the list', () => {
  it('cannot be deleted: the button is off and the card says why', async () => {
    mockRpc('admin_list_email_templates', [activation]);
    const { EmailTemplatesTab } = await import('../email-templates-tab');
    renderAdmin(<EmailTemplatesTab />);
    const remove = await screen.findByRole('button', { name: 'Usuń szablon account-activation' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(/nie można go usunąć ani zmienić jego nazwy/);
    expect(within(getListItemWithHeading('account-activation')).getByText('Systemowy')).toBeInTheDocument();
  });

  it('a refusal by the database (stale list) is shown with its clear message', async () => {
    const stale = { ...activation, name: 'magic-link', used_by_hook: false };
    mockRpc('admin_list_email_templates', [stale]);
    mockTable('delete', 'email_templates', () => postgrestFailure(400, 'P0001', 'templates.hook_template_protected'));
    const { EmailTemplatesTab } = await import('../email-templates-tab');
    const { user } = renderAdmin(<EmailTemplatesTab />);
    await user.click(await screen.findByRole('button', { name: 'Usuń szablon magic-link' }));
    const dialog = screen.getByRole('dialog', { name: 'Usuń szablon' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Tego szablonu używają e-maile systemowe (aktywacja konta, logowanie, reset hasła, zmiana adresu, powiadomienia bezpieczeństwa): można go edytować, ale nie można go usunąć ani zmienić jego nazwy.',
    );
  });

  it('shows "Nie udało się załadować szablonów" when the list fails', async () => {
    mockRpc('admin_list_email_templates', () => postgrestFailure(500, 'XX000', 'boom'));
    const { EmailTemplatesTab } = await import('../email-templates-tab');
    renderAdmin(<EmailTemplatesTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się załadować szablonów');
  });
});

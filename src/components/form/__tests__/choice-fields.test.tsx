import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckboxField } from '../checkbox-field';
import { SelectField } from '../select-field';
import { TextareaField } from '../textarea-field';
// The CCC texts are loaded by the chunks that use them (src/i18n/plans.ts).
import '@/i18n/plans';

describe('SelectField', () => {
  it('labels the select, offers the placeholder and keeps disabled options unselectable', async () => {
    const user = userEvent.setup();
    render(
      <SelectField
        label="Pakiet"
        placeholder="Wybierz…"
        options={[
          { value: 'GOLD', label: 'GOLD' },
          { value: 'PLATINUM', label: 'PLATINUM (brak miejsc)', disabled: true },
        ]}
        defaultValue=""
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Pakiet' });
    expect(screen.getByRole('option', { name: 'PLATINUM (brak miejsc)' })).toBeDisabled();
    await user.selectOptions(select, 'GOLD');
    expect(select).toHaveValue('GOLD');
  });

  it('shows a message key as text and describes the select with it', () => {
    render(<SelectField label="Pakiet" options={[]} error="validation.ccc.package_required" />);
    const select = screen.getByRole('combobox', { name: 'Pakiet' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Wybierz pakiet');
  });
});

describe('TextareaField', () => {
  it('is a labelled multi-line field with its error as description', async () => {
    const user = userEvent.setup();
    render(<TextareaField label="Treść" error="validation.required" />);
    const field = screen.getByRole('textbox', { name: 'Treść' });
    await user.type(field, 'a{Enter}b');
    expect(field).toHaveValue('a\nb');
    expect(field).toHaveAccessibleDescription('To pole jest wymagane');
  });
});

describe('CheckboxField', () => {
  it('toggles from its label and is described by its hint', async () => {
    const user = userEvent.setup();
    render(<CheckboxField label="Domyślna" hint="Tylko jedna konfiguracja może być domyślna" />);
    const box = screen.getByRole('checkbox', { name: 'Domyślna' });
    await user.click(screen.getByText('Domyślna'));
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription('Tylko jedna konfiguracja może być domyślna');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectField } from '../select-field';
import { TextAreaField } from '../text-area-field';

describe('TextAreaField', () => {
  it('is labelled, takes text, and describes itself with its error (a catalogue key)', async () => {
    const { rerender } = render(<TextAreaField label="Opis" name="description" />);
    const field = screen.getByRole('textbox', { name: 'Opis' });
    await userEvent.type(field, 'Dwie{enter}linie');
    expect(field).toHaveValue('Dwie\nlinie');
    expect(field).not.toHaveAttribute('aria-invalid');
    rerender(<TextAreaField label="Opis" name="description" error="validation.required" />);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('To pole jest wymagane');
  });
});

describe('SelectField', () => {
  const options = [
    { value: 'games', label: 'Gry' },
    { value: 'business', label: 'Biznes' },
  ];

  it('offers the placeholder first, then the options, and reports the choice', async () => {
    render(<SelectField label="Kategoria" name="category" options={options} placeholder="Wybierz kategorię" />);
    const select = screen.getByRole('combobox', { name: 'Kategoria' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Wybierz kategorię',
      'Gry',
      'Biznes',
    ]);
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'Biznes');
    expect(select).toHaveValue('business');
  });

  it('shows its error under the field', () => {
    render(<SelectField label="Kategoria" options={options} error="validation.required" />);
    expect(screen.getByRole('combobox', { name: 'Kategoria' })).toHaveAccessibleDescription('To pole jest wymagane');
  });
});

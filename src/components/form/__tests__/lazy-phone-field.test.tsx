// A file of its own: the phone-input chunk is loaded once per module instance, and here its first
// load must be the one that fails. Registration and settings check the same in their own forms
// (features/auth/.../register-form-chunks.test.tsx, features/settings/.../profile-form-chunks.test.tsx).
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { LazyPhoneField } from '../lazy-phone-field';
import { phoneFieldChunk } from '../phone-field-chunk';
import { renderWithProviders } from '@/testing/render';

function Form() {
  const [phone, setPhone] = useState('+48601234567');
  return (
    <LazyPhoneField
      label="Telefon"
      name="phone"
      value={phone}
      onChange={setPhone}
      onBlur={() => undefined}
      inputRef={() => undefined}
    />
  );
}

describe('LazyPhoneField', () => {
  it('shows the value while loading, a retry after a failed load, and the field after the retry', async () => {
    const load = vi.spyOn(phoneFieldChunk, 'load');
    load.mockRejectedValueOnce(new TypeError('Importing a module script failed.'));
    const { user } = renderWithProviders(<Form />);

    expect(screen.getByLabelText('Telefon')).toHaveValue('+48601234567');
    expect(screen.getByLabelText('Telefon')).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    );
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    // The first load transforms the chunk: allow for a slow machine.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Telefon' })).toBeEnabled(), { timeout: 10_000 });
    expect(screen.getByRole('textbox', { name: 'Telefon' })).toHaveValue('+48 601 234 567');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

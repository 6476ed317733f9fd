import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod/mini';
import { useLightForm } from '../use-light-form';

const schema = z.object({
  email: z.string().check(z.minLength(1, 'email.required')),
  password: z.string().check(z.minLength(8, 'password.short')),
});

function Form({ onValid }: { onValid: (values: z.output<typeof schema>) => Promise<void> }) {
  const { register, handleSubmit, errors, isSubmitting } = useLightForm(schema, { email: 'a@b.pl', password: '' });
  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
      <label>
        E-mail
        <input {...register('email')} />
      </label>
      {errors.email && <p role="alert">{errors.email}</p>}
      <label>
        Hasło
        <input type="password" {...register('password')} />
      </label>
      {errors.password && <p role="alert">{errors.password}</p>}
      <button type="submit" disabled={isSubmitting}>
        Zaloguj
      </button>
    </form>
  );
}

describe('useLightForm', () => {
  it('starts from the default values and says nothing before the first submit', async () => {
    const user = userEvent.setup();
    render(<Form onValid={vi.fn()} />);
    expect(screen.getByLabelText('E-mail')).toHaveValue('a@b.pl');
    await user.type(screen.getByLabelText('Hasło'), 'abc');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks on submit: the first message per field, the focus on the first invalid field, nothing sent', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.click(screen.getByRole('button', { name: 'Zaloguj' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'email.required',
      'password.short',
    ]);
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, checks again on every change; a valid form goes out with its values once', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(() => Promise.resolve());
    render(<Form onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Zaloguj' }));
    expect(screen.getByRole('alert')).toHaveTextContent('password.short');
    expect(screen.getByLabelText('Hasło')).toHaveFocus();
    await user.type(screen.getByLabelText('Hasło'), 'Member1234');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zaloguj' }));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ email: 'a@b.pl', password: 'Member1234' });
  });
});

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { QueryStates } from '../query-states';

type Props = Omit<ComponentProps<typeof QueryStates<string[], Error>>, 'query' | 'children' | 'errorMessage'>;

/** A list read through QueryStates; each read takes the next answer (a list, or an error to throw). */
function setup(answers: (string[] | Error)[], props: Props = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let reads = 0;
  const next = () => {
    const answer = answers[Math.min(reads, answers.length - 1)]!;
    reads += 1;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  function List() {
    const query = useQuery({ queryKey: ['items'], queryFn: next });
    return (
      <>
        <button onClick={() => void query.refetch()}>Odśwież</button>
        <p>{query.isError ? 'Odczyt nieudany' : null}</p>
        <QueryStates query={query} errorMessage={(error) => `Błąd: ${error.message}`} {...props}>
          {(items) => (
            <ul>
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </QueryStates>
      </>
    );
  }
  render(
    <QueryClientProvider client={client}>
      <List />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

describe('QueryStates', () => {
  it('announces several skeletons once, with the label given, while the read loads', async () => {
    setup([['a']], { loadingClassName: 'h-10', loadingCount: 3, loadingLabel: 'Ładowanie listy...' });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Ładowanie listy...' })).toBeInTheDocument();
    expect(await screen.findByRole('listitem')).toHaveTextContent('a');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that reads again', async () => {
    const { user } = setup([new Error('nie ma'), ['b']]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Błąd: nie ma');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('b');
  });

  it('replaces the data with the error when a refetch fails, unless keepData', async () => {
    const { user } = setup([['a'], new Error('znowu')]);
    await screen.findByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Odśwież' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Błąd: znowu');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('keeps showing the data after a failed refetch with keepData', async () => {
    const { user } = setup([['a'], new Error('znowu')], { keepData: true });
    await screen.findByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Odśwież' }));
    expect(await screen.findByText('Odczyt nieudany')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the empty text as a quiet line when asked, instead of the list', async () => {
    setup([[]], { isEmpty: (items) => items.length === 0, empty: 'Brak pozycji', emptyInline: true });
    expect(await screen.findByText('Brak pozycji')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import {
  parseUrlState,
  urlEnum,
  urlPage,
  urlText,
  useDebouncedSearch,
  useUrlState,
  writeUrlState,
} from '../use-url-state';

const shape = {
  q: urlText(10),
  status: urlEnum(['pending', 'paid']),
  sort: urlEnum(['date', 'name'], 'date'),
  page: urlPage(),
};

describe('parseUrlState', () => {
  it('reads valid values', () => {
    expect(parseUrlState(shape, new URLSearchParams('q=anna&status=paid&sort=name&page=3'))).toEqual({
      q: 'anna',
      status: 'paid',
      sort: 'name',
      page: 3,
    });
  });

  it('falls back to the defaults for missing values', () => {
    expect(parseUrlState(shape, new URLSearchParams(''))).toEqual({ q: '', status: null, sort: 'date', page: 1 });
  });

  it.each([
    ['status=hacked', { status: null }],
    ['sort=<script>', { sort: 'date' }],
    ['page=0', { page: 1 }],
    ['page=-4', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=1e9', { page: 1 }],
    ['q=' + 'x'.repeat(50), { q: 'x'.repeat(10) }],
  ])('an invalid value (%s) takes the default without an error', (query, expected) => {
    expect(parseUrlState(shape, new URLSearchParams(query))).toMatchObject(expected);
  });
});

describe('writeUrlState', () => {
  it('leaves defaults out and keeps parameters it does not own', () => {
    const written = writeUrlState(shape, new URLSearchParams('other=1&page=4'), {
      q: 'ewa',
      status: null,
      sort: 'date',
      page: 1,
    });
    expect(written.toString()).toBe('other=1&q=ewa');
  });

  it('round-trips through parse', () => {
    const state = { q: 'ala ma', status: 'pending' as const, sort: 'name' as const, page: 2 };
    expect(parseUrlState(shape, writeUrlState(shape, new URLSearchParams(), state))).toEqual(state);
  });
});

function Probe() {
  const [state, set] = useUrlState(shape);
  return (
    <div>
      <output aria-label="state">{JSON.stringify(state)}</output>
      <button onClick={() => set({ page: state.page + 1 })}>next</button>
      <button onClick={() => set({ status: 'paid' })}>paid</button>
      <button onClick={() => set({ q: 'typed' }, { replace: true })}>type</button>
    </div>
  );
}

function renderProbe(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/start', url] });
  render(<RouterProvider router={router} />);
  const state = () => JSON.parse(screen.getByLabelText('state').textContent ?? '{}') as Record<string, unknown>;
  return { router, state };
}

describe('useUrlState', () => {
  it('a page change adds a history entry that back undoes', async () => {
    const { router, state } = renderProbe('/list?status=pending');
    fireEvent.click(screen.getByText('next'));
    expect(state()).toMatchObject({ status: 'pending', page: 2 });
    expect(router.state.location.search).toBe('?status=pending&page=2');
    await act(() => router.navigate(-1));
    expect(state()).toMatchObject({ status: 'pending', page: 1 });
  });

  it('a filter change starts again on the first page', () => {
    const { router, state } = renderProbe('/list?page=5');
    fireEvent.click(screen.getByText('paid'));
    expect(state()).toMatchObject({ status: 'paid', page: 1 });
    expect(router.state.location.search).toBe('?status=paid');
  });

  it('a replace keeps the history length: back leaves the list', async () => {
    const { router } = renderProbe('/list?page=2');
    fireEvent.click(screen.getByText('type'));
    expect(router.state.location.search).toBe('?q=typed');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/start');
  });
});

function SearchProbe({ committed, commit }: { committed: string; commit: (value: string) => void }) {
  const { term, setTerm } = useDebouncedSearch(committed, commit, 300);
  return <input aria-label="search" value={term} onChange={(event) => setTerm(event.target.value)} />;
}

describe('useDebouncedSearch', () => {
  it('commits after a pause, follows outside changes, and keeps what was typed after its own commit', () => {
    vi.useFakeTimers();
    try {
      const commit = vi.fn();
      const { rerender } = render(<SearchProbe committed="" commit={commit} />);
      const input = screen.getByLabelText<HTMLInputElement>('search');
      fireEvent.change(input, { target: { value: 'ab' } });
      expect(commit).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(300);
      });
      expect(commit).toHaveBeenCalledWith('ab');
      // Typed on before the address caught up: its arrival does not undo 'abc'.
      fireEvent.change(input, { target: { value: 'abc' } });
      rerender(<SearchProbe committed="ab" commit={commit} />);
      expect(input.value).toBe('abc');
      // Back or "clear filters": the box follows.
      rerender(<SearchProbe committed="" commit={commit} />);
      expect(input.value).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

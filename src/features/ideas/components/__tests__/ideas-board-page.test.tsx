import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastProvider } from '@/components/ui/toast';
import { adminSession, memberSession } from '@/testing/factories';
import { postgrestError } from '@/testing/msw/handlers';
import { readRequest, restUrl, rpcUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { TEST_SUPABASE_URL } from '@/testing/test-env';
import { IdeasBoardPage } from '../ideas-board-page';
import { boardRow, boardRpc, imageUrl, statsRpc, type Recorded } from './fixtures';

function renderBoard(options: { route?: string; admin?: boolean } = {}) {
  const supabase = createTestSupabase();
  const session = options.admin ? adminSession() : memberSession();
  const view = renderWithProviders(
    <ToastProvider>
      <IdeasBoardPage />
    </ToastProvider>,
    {
      supabase,
      session,
      route: options.route ?? '/dashboard/ideas',
    },
  );
  return { ...view, session };
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('the ideas board', () => {
  it('lists the ideas with status, category, author, feedback and the sidebar', async () => {
    const rows = [
      boardRow({
        title: 'Gra miejska',
        status: 'approved',
        category: 'games',
        author_full_name: 'Jan Kowalski',
        total_count: 3,
      }),
      boardRow({
        title: 'Faktury głosem',
        status: 'pending',
        category: 'business',
        webhook_response: 'Dziękujemy za zgłoszenie pomysłu!',
        total_count: 3,
      }),
      boardRow({
        title: 'Fiszki',
        status: 'rejected',
        category: 'education',
        webhook_response: 'Wystąpił błąd walidacji',
        total_count: 3,
      }),
    ];
    server.use(boardRpc(() => rows).handler, statsRpc());
    renderBoard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Pomysły' })).toBeInTheDocument();
    const game = await screen.findByRole('article', { name: 'Gra miejska' });
    expect(within(game).getByText('Zaakceptowany')).toBeInTheDocument();
    expect(within(game).getByText('Gry')).toBeInTheDocument();
    expect(within(game).getByText(/Autor: Jan Kowalski/)).toBeInTheDocument();
    expect(within(card('Faktury głosem')).getByText('W ocenie')).toBeInTheDocument();
    expect(within(card('Fiszki')).getByText('Odrzucony')).toBeInTheDocument();
    expect(screen.getByText('Znaleziono: 3')).toBeInTheDocument();

    const thanks = within(card('Faktury głosem')).getByTestId('webhook-feedback');
    expect(thanks).toHaveTextContent('Dziękujemy za zgłoszenie pomysłu!');
    expect(thanks).toHaveAttribute('data-tone', 'info');
    const failure = within(card('Fiszki')).getByTestId('webhook-feedback');
    expect(failure).toHaveTextContent('Wystąpił błąd walidacji');
    expect(failure).toHaveAttribute('data-tone', 'error');
    expect(failure).toHaveClass('text-danger');

    const sidebar = screen.getByRole('region', { name: 'Statystyki' });
    expect(await within(sidebar).findByText('Zaakceptowane')).toBeInTheDocument();
    expect(within(sidebar).getByText('3')).toBeInTheDocument();
    expect(within(sidebar).getByText('2', { selector: 'dd' })).toBeInTheDocument();
    expect(
      within(sidebar)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Gry4', 'Biznes2']);
  });

  it('names the author of an idea kept after their account was erased “Członek usunięty”', async () => {
    const rows = [
      boardRow({ title: 'Zostaje po autorze', submitted_by: null, author_full_name: null, total_count: 2 }),
      boardRow({ title: 'Bez nazwiska', author_full_name: null, total_count: 2 }),
    ];
    server.use(boardRpc(() => rows).handler, statsRpc());
    renderBoard();
    expect(
      await within(await screen.findByRole('article', { name: 'Zostaje po autorze' })).findByText(/Członek usunięty/),
    ).toBeInTheDocument();
    expect(within(card('Bez nazwiska')).getByText(/Anonim/)).toBeInTheDocument();
  });

  it('says so when there are no ideas, and when nothing matches the filters', async () => {
    server.use(boardRpc(() => []).handler, statsRpc());
    const { user } = renderBoard();
    expect(await screen.findByText('Brak pomysłów')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kategoria' }), 'Gry');
    expect(await screen.findByText('Nie znaleziono pomysłów pasujących do kryteriów')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wyczyść filtry' }));
    expect(await screen.findByText('Brak pomysłów')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kategoria' })).toHaveValue('');
  });

  it('shows the spec’s error when the list cannot be loaded, and loads again on retry', async () => {
    const rpc = boardRpc((_call, index) =>
      index === 0
        ? postgrestError(500, { code: 'XX000', message: 'boom' })
        : [boardRow({ title: 'Po ponownej próbie' })],
    );
    server.use(rpc.handler, statsRpc());
    const { user } = renderBoard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas ładowania pomysłów');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('article', { name: 'Po ponownej próbie' })).toBeInTheDocument();
  });

  it('searches (after a pause in typing), filters by category and sorts, each from page 1', async () => {
    const rpc = boardRpc(() => [boardRow()]);
    server.use(rpc.handler, statsRpc());
    const { user, router } = renderBoard({ route: '/dashboard/ideas?page=2' });
    await waitFor(() => expect(rpc.calls).toHaveLength(1));
    expect(rpc.calls[0]!.body).toEqual({ p_sort: 'date', p_limit: 20, p_offset: 20 });

    await user.type(screen.getByRole('searchbox', { name: 'Szukaj pomysłów' }), 'zakupy 100%');
    await waitFor(() => expect(rpc.calls.at(-1)!.body).toMatchObject({ p_search: 'zakupy 100%', p_offset: 0 }));
    expect(rpc.calls.filter((call) => call.body.p_search === 'zaku')).toEqual([]);
    expect(router.state.location.search).toBe('?q=zakupy+100%25');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kategoria' }), 'Styl życia');
    await waitFor(() =>
      expect(rpc.calls.at(-1)!.body).toMatchObject({ p_category: 'lifestyle', p_search: 'zakupy 100%' }),
    );

    const sort = screen.getByRole('combobox', { name: 'Sortuj według' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Najnowsze', 'Najwyżej oceniane', 'Najwięcej głosów', 'Najwięcej komentarzy']);
    for (const [label, value] of [
      ['Najwyżej oceniane', 'score'],
      ['Najwięcej głosów', 'votes'],
      ['Najwięcej komentarzy', 'comments'],
    ] as const) {
      await user.selectOptions(sort, label);
      await waitFor(() => expect(rpc.calls.at(-1)!.body).toMatchObject({ p_sort: value, p_offset: 0 }));
    }
  });

  it('pages through the total, 20 ideas a page', async () => {
    const rpc = boardRpc((call) => [boardRow({ title: `Od ${String(call.body.p_offset)}`, total_count: 45 })]);
    server.use(rpc.handler, statsRpc());
    const { user } = renderBoard();
    const pages = await screen.findByRole('navigation', { name: 'Strony listy pomysłów' });
    expect(within(pages).getByText('Strona 1 z 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Poprzednia' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Następna' }));
    expect(await screen.findByRole('article', { name: 'Od 20' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Następna' }));
    expect(await screen.findByRole('article', { name: 'Od 40' })).toBeInTheDocument();
    expect(screen.getByText('Strona 3 z 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Następna' })).toBeDisabled();
  });

  it('shows the first 25 pages of a search with more than 500 matches, and says so', async () => {
    server.use(boardRpc(() => [boardRow({ title: 'Jeden z wielu', total_count: 501 })]).handler, statsRpc());
    renderBoard({ route: '/dashboard/ideas?q=aplikacja' });
    expect(await screen.findByRole('article', { name: 'Jeden z wielu' })).toBeInTheDocument();
    expect(
      screen.getByText('Znaleziono ponad 500 pomysłów. Zawęź wyszukiwanie, aby zobaczyć pozostałe.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Strona 1 z 25')).toBeInTheDocument();
  });

  it('shows an arrow to expand a description longer than 100 characters only', async () => {
    const long = `${'Bardzo długi opis aplikacji. '.repeat(5)}KONIEC`;
    server.use(
      boardRpc(() => [
        boardRow({ title: 'Długi', description: long }),
        boardRow({ title: 'Krótki', description: 'x'.repeat(100) }),
      ]).handler,
      statsRpc(),
    );
    const { user } = renderBoard();
    const longCard = await screen.findByRole('article', { name: 'Długi' });
    expect(within(card('Krótki')).queryByRole('button', { name: 'Rozwiń opis' })).not.toBeInTheDocument();
    expect(within(longCard).queryByText(/KONIEC/)).not.toBeInTheDocument();
    const arrow = within(longCard).getByRole('button', { name: 'Rozwiń opis' });
    expect(arrow).toHaveAttribute('aria-expanded', 'false');
    await user.click(arrow);
    expect(within(longCard).getByText(/KONIEC/)).toBeInTheDocument();
    expect(within(longCard).getByRole('button', { name: 'Zwiń opis' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the images in a lightbox from the app’s own Storage, never a host written in the row', async () => {
    const author = crypto.randomUUID();
    const first = imageUrl(author, '1-a.png');
    const foreign = `https://evil.example.test/storage/v1/object/public/idea-images/${author}/2-b.webp`;
    server.use(boardRpc(() => [boardRow({ title: 'Ze zdjęciami', image_urls: [first, foreign] })]).handler, statsRpc());
    const { user } = renderBoard();
    const idea = await screen.findByRole('article', { name: 'Ze zdjęciami' });
    const thumbnails = within(idea).getAllByRole('button', { name: /Powiększ obraz/ });
    expect(thumbnails).toHaveLength(2);
    expect(within(thumbnails[1]!).getByRole('presentation')).toHaveAttribute(
      'src',
      `${TEST_SUPABASE_URL}/storage/v1/object/public/idea-images/${author}/2-b.webp`,
    );
    await user.click(thumbnails[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Obraz 1 z 2: Ze zdjęciami' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', first);
    await user.click(within(dialog).getByRole('button', { name: 'Następny obraz' }));
    expect(screen.getByRole('dialog', { name: 'Obraz 2 z 2: Ze zdjęciami' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Obraz 1 z 2: Ze zdjęciami' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumbnails[0]).toHaveFocus();
  });
});

describe('voting', () => {
  const voteRpc = (answer: (call: Recorded) => Response) => {
    const calls: Recorded[] = [];
    return {
      calls,
      handler: http.post(rpcUrl('vote_for_idea'), async ({ request }) => {
        const call = await readRequest(request);
        calls.push(call);
        return answer(call);
      }),
    };
  };

  it('votes 1-5 stars optimistically, then locks with "Już zagłosowałeś"', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls: Recorded[] = [];
    server.use(
      boardRpc(() => [boardRow({ title: 'Do oceny', score: 5, votes_count: 1 })]).handler,
      statsRpc(),
      http.post(rpcUrl('vote_for_idea'), async ({ request }) => {
        calls.push(await readRequest(request));
        await held;
        return HttpResponse.json([{ score: 4.5, votes_count: 2, user_vote: 4 }]);
      }),
    );
    const { user, session } = renderBoard();
    const idea = await screen.findByRole('article', { name: 'Do oceny' });
    expect(within(idea).getByText(/1 głos$/)).toBeInTheDocument();
    await user.click(within(idea).getByRole('button', { name: 'Oceń na 4 z 5' }));

    // At once, before the server answers: locked on 4, the average moved.
    expect(within(idea).getByText('Już zagłosowałeś')).toBeInTheDocument();
    expect(within(idea).getByText(/2 głosy/)).toBeInTheDocument();
    expect(within(idea).getByRole('button', { name: 'Oceń na 4 z 5' })).toBeDisabled();
    expect(within(idea).getByRole('button', { name: 'Oceń na 4 z 5' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls).toHaveLength(1));
    release();
    expect(calls[0]!.body).toEqual({ p_idea_id: expect.any(String), p_user_id: session.user.id, p_score: 4 });
    expect(await within(idea).findByText('Średnia ocena: 4,5 z 5')).toBeInTheDocument();
    for (const n of [1, 2, 3, 4, 5])
      expect(within(idea).getByRole('button', { name: `Oceń na ${n} z 5` })).toBeDisabled();
  });

  it('shows a member’s earlier vote locked', async () => {
    server.use(
      boardRpc(() => [boardRow({ title: 'Oceniony', user_vote: 2, score: 2, votes_count: 1 })]).handler,
      statsRpc(),
    );
    renderBoard();
    const idea = await screen.findByRole('article', { name: 'Oceniony' });
    expect(within(idea).getByText('Już zagłosowałeś')).toBeInTheDocument();
    expect(within(idea).getByRole('button', { name: 'Oceń na 2 z 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(idea).getByRole('button', { name: 'Oceń na 5 z 5' })).toBeDisabled();
  });

  it('reverts the stars when the vote fails, with "Wystąpił błąd podczas głosowania"', async () => {
    const vote = voteRpc(() => postgrestError(500, { code: 'XX000', message: 'boom' }));
    server.use(
      boardRpc(() => [boardRow({ title: 'Awaria', score: 3, votes_count: 1 })]).handler,
      statsRpc(),
      vote.handler,
    );
    const { user } = renderBoard();
    const idea = await screen.findByRole('article', { name: 'Awaria' });
    await user.click(within(idea).getByRole('button', { name: 'Oceń na 5 z 5' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas głosowania');
    expect(within(idea).queryByText('Już zagłosowałeś')).not.toBeInTheDocument();
    expect(within(idea).getByRole('button', { name: 'Oceń na 5 z 5' })).toBeEnabled();
    expect(within(idea).getByText(/1 głos$/)).toBeInTheDocument();
  });

  it('says "Możesz zagłosować tylko raz na każdy pomysł" when the server had a vote already', async () => {
    const vote = voteRpc(() => postgrestError(400, { code: 'P0001', message: 'ideas.already_voted' }));
    server.use(boardRpc(() => [boardRow({ title: 'Drugi raz' })]).handler, statsRpc(), vote.handler);
    const { user } = renderBoard();
    const idea = await screen.findByRole('article', { name: 'Drugi raz' });
    await user.click(within(idea).getByRole('button', { name: 'Oceń na 3 z 5' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Możesz zagłosować tylko raz na każdy pomysł');
  });
});

describe('comments', () => {
  it('loads when opened, newest first with names only; a blank comment is ignored; a new one is sent', async () => {
    const ideaRow = boardRow({ title: 'Z komentarzami', comments_count: 2 });
    const inserts: Recorded[] = [];
    let comments = [
      {
        id: 'c1',
        idea_id: ideaRow.id,
        user_id: 'u1',
        content: 'Starszy',
        created_at: '2026-11-20T10:00:00Z',
        author_full_name: 'Jan Kowalski',
      },
      {
        id: 'c2',
        idea_id: ideaRow.id,
        user_id: 'u2',
        content: 'Nowszy',
        created_at: '2026-11-21T10:00:00Z',
        author_full_name: 'Ewa Nowak',
      },
    ];
    server.use(
      boardRpc(() => [ideaRow]).handler,
      statsRpc(),
      http.post(rpcUrl('get_idea_comments'), () => HttpResponse.json(comments)),
      http.post(restUrl('/idea_comments'), async ({ request }) => {
        const call = await readRequest(request);
        inserts.push(call);
        comments = [
          ...comments,
          {
            id: 'c3',
            idea_id: ideaRow.id,
            user_id: 'me',
            content: 'Mój',
            created_at: '2026-11-22T10:00:00Z',
            author_full_name: 'Jan Członek',
          },
        ];
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user, session } = renderBoard();
    const idea = await screen.findByRole('article', { name: 'Z komentarzami' });
    const toggle = within(idea).getByRole('button', { name: 'Komentarze (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = await within(idea).findByRole('list', { name: 'Komentarze do pomysłu Z komentarzami' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Ewa Nowak.*Nowszy$/), expect.stringMatching(/^Jan Kowalski.*Starszy$/)]);
    expect(list.textContent).not.toMatch(/@/);

    const field = within(idea).getByRole('textbox', { name: 'Dodaj komentarz' });
    await user.type(field, '   ');
    await user.click(within(idea).getByRole('button', { name: 'Dodaj komentarz' }));
    expect(inserts).toEqual([]);

    await user.clear(field);
    await user.type(field, '  Mój  ');
    await user.click(within(idea).getByRole('button', { name: 'Dodaj komentarz' }));
    await waitFor(() => expect(inserts).toHaveLength(1));
    expect(inserts[0]!.body).toEqual({ idea_id: ideaRow.id, user_id: session.user.id, content: 'Mój' });
    expect(await within(list).findByText('Mój')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Mój');
    expect(field).toHaveValue('');
    expect(within(idea).getByRole('button', { name: 'Komentarze (3)' })).toBeInTheDocument();
  });

  it('says when the hourly comment limit refused a comment, and keeps what was typed', async () => {
    const ideaRow = boardRow({ title: 'Za często', comments_count: 0 });
    server.use(
      boardRpc(() => [ideaRow]).handler,
      statsRpc(),
      http.post(rpcUrl('get_idea_comments'), () => HttpResponse.json([])),
      http.post(restUrl('/idea_comments'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'ideas.comment_rate_limited', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderBoard();
    const idea = await screen.findByRole('article', { name: 'Za często' });
    await user.click(within(idea).getByRole('button', { name: 'Komentarze (0)' }));
    const field = within(idea).getByRole('textbox', { name: 'Dodaj komentarz' });
    await user.type(field, 'Jeszcze jeden');
    await user.click(within(idea).getByRole('button', { name: 'Dodaj komentarz' }));
    expect(
      await within(idea).findByText('Dodajesz komentarze zbyt często. Spróbuj ponownie za godzinę.'),
    ).toBeInTheDocument();
    expect(field).toHaveValue('Jeszcze jeden');
  });
});

describe('admins on the board', () => {
  it('see accept and reject only for pending ideas, and delete for every idea; members see none', async () => {
    const rows = [boardRow({ title: 'Czeka', status: 'pending' }), boardRow({ title: 'Przyjęty', status: 'approved' })];
    server.use(boardRpc(() => rows).handler, statsRpc());
    renderBoard({ admin: true });
    const pending = await screen.findByRole('article', { name: 'Czeka' });
    expect(within(pending).getByRole('button', { name: 'Zaakceptuj' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Odrzuć' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Usuń' })).toBeInTheDocument();
    const approved = card('Przyjęty');
    expect(within(approved).queryByRole('button', { name: 'Zaakceptuj' })).not.toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: 'Odrzuć' })).not.toBeInTheDocument();
    expect(within(approved).getByRole('button', { name: 'Usuń' })).toBeInTheDocument();
  });

  it('shows no moderation to members', async () => {
    server.use(boardRpc(() => [boardRow({ title: 'Członek widzi' })]).handler, statsRpc());
    renderBoard();
    const idea = await screen.findByRole('article', { name: 'Członek widzi' });
    expect(within(idea).queryByRole('button', { name: /Zaakceptuj|Odrzuć|Usuń$/ })).not.toBeInTheDocument();
  });

  it('accepts a pending idea; a failure says "Nie udało się zaktualizować statusu"', async () => {
    const row = boardRow({ title: 'Do akceptacji' });
    const calls: Recorded[] = [];
    let fail = true;
    server.use(
      boardRpc(() => [row]).handler,
      statsRpc(),
      http.post(rpcUrl('admin_set_idea_status'), async ({ request }) => {
        calls.push(await readRequest(request));
        return fail
          ? postgrestError(400, { code: 'P0001', message: 'ideas.already_reviewed' })
          : HttpResponse.json({ id: row.id });
      }),
    );
    const { user } = renderBoard({ admin: true });
    const idea = await screen.findByRole('article', { name: 'Do akceptacji' });
    await user.click(within(idea).getByRole('button', { name: 'Odrzuć' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zaktualizować statusu');
    fail = false;
    await user.click(within(idea).getByRole('button', { name: 'Zaakceptuj' }));
    expect(await screen.findByText('Pomysł został zaakceptowany')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([
      { p_idea_id: row.id, p_status: 'rejected' },
      { p_idea_id: row.id, p_status: 'approved' },
    ]);
  });

  it('shows the new status even when a search was loading while the admin clicked', async () => {
    const row = boardRow({ title: 'Wyścig' });
    let status: 'pending' | 'approved' = 'pending';
    let searches = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      // The search's first read: answered (with what was true when it arrived) only after the change.
      http.post(rpcUrl('get_app_ideas'), async ({ request }) => {
        const { body } = await readRequest(request.clone());
        if (body.p_search !== 'Wyś' || searches++ > 0) return undefined;
        const answer = [{ ...row, status }];
        await held;
        return HttpResponse.json(answer);
      }),
      boardRpc(() => [{ ...row, status }]).handler,
      statsRpc(),
      http.post(rpcUrl('admin_set_idea_status'), () => {
        status = 'approved';
        return HttpResponse.json({ id: row.id });
      }),
    );
    const { user } = renderBoard({ admin: true });
    const idea = await screen.findByRole('article', { name: 'Wyścig' });
    await user.type(screen.getByRole('searchbox', { name: 'Szukaj pomysłów' }), 'Wyś');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Lista pomysłów' })).toHaveAttribute('aria-busy'));
    await user.click(within(idea).getByRole('button', { name: 'Zaakceptuj' }));
    expect(await screen.findByText('Pomysł został zaakceptowany')).toBeInTheDocument();
    release();
    expect(
      await within(screen.getByRole('article', { name: 'Wyścig' })).findByText('Zaakceptowany'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zaakceptuj' })).not.toBeInTheDocument();
  });

  it('deletes after the confirmation: the images through Storage first, then the idea', async () => {
    const author = crypto.randomUUID();
    const row = boardRow({
      title: 'Do usunięcia',
      image_urls: [imageUrl(author, '1-a.png'), imageUrl(author, '2-b.png')],
    });
    const order: string[] = [];
    let removed: unknown;
    let deleted = false;
    server.use(
      boardRpc(() => (deleted ? [] : [row])).handler,
      statsRpc(),
      http.delete(`${TEST_SUPABASE_URL}/storage/v1/object/idea-images`, async ({ request }) => {
        order.push('storage');
        removed = await request.json();
        return HttpResponse.json([]);
      }),
      http.post(rpcUrl('admin_delete_idea'), () => {
        order.push('rpc');
        deleted = true;
        return HttpResponse.json([`${author}/1-a.png`, `${author}/2-b.png`]);
      }),
    );
    const { user } = renderBoard({ admin: true });
    const idea = await screen.findByRole('article', { name: 'Do usunięcia' });
    await user.click(within(idea).getByRole('button', { name: 'Usuń' }));
    const dialog = screen.getByRole('dialog', { name: 'Usuń pomysł' });
    expect(dialog).toHaveAccessibleDescription('Czy na pewno chcesz usunąć ten pomysł?');
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(await screen.findByText('Pomysł został usunięty')).toBeInTheDocument();
    expect(order).toEqual(['storage', 'rpc']);
    expect(removed).toEqual({ prefixes: [`${author}/1-a.png`, `${author}/2-b.png`] });
    expect(await screen.findByText('Brak pomysłów')).toBeInTheDocument();
  });

  it('keeps the idea and says so when its images cannot be removed', async () => {
    const author = crypto.randomUUID();
    const row = boardRow({ title: 'Zostaje', image_urls: [imageUrl(author, '1-a.png')] });
    let rpcCalled = false;
    server.use(
      boardRpc(() => [row]).handler,
      statsRpc(),
      http.delete(`${TEST_SUPABASE_URL}/storage/v1/object/idea-images`, () =>
        HttpResponse.json({ statusCode: '500', error: 'internal', message: 'boom' }, { status: 500 }),
      ),
      http.post(rpcUrl('admin_delete_idea'), () => {
        rpcCalled = true;
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderBoard({ admin: true });
    const idea = await screen.findByRole('article', { name: 'Zostaje' });
    await user.click(within(idea).getByRole('button', { name: 'Usuń' }));
    const dialog = screen.getByRole('dialog', { name: 'Usuń pomysł' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nie udało się usunąć pomysłu');
    expect(rpcCalled).toBe(false);
    expect(card('Zostaje')).toBeInTheDocument();
  });

  it("'Moje pomysły' asks for the member's own ideas and keeps it in the address", async () => {
    const rpc = boardRpc(() => []);
    server.use(rpc.handler, statsRpc());
    const { user, router } = renderBoard();
    await waitFor(() => expect(rpc.calls).toHaveLength(1));
    await user.click(screen.getByRole('checkbox', { name: 'Moje pomysły' }));
    await waitFor(() => expect(rpc.calls.at(-1)!.body).toMatchObject({ p_mine: true, p_offset: 0 }));
    expect(router.state.location.search).toBe('?mine=1');
    expect(await screen.findByText('Nie zgłosiłeś jeszcze żadnego pomysłu')).toBeInTheDocument();
  });

  it("offers 'Wycofaj' on the member's own pending idea only; withdrawing removes its images after the idea", async () => {
    const supabaseUser = { id: '' };
    const order: string[] = [];
    let removed: unknown;
    let withdrawn = false;
    // Built on the first read, once the session (and so the member's id) exists.
    let built: ReturnType<typeof boardRow>[] | null = null;
    const rows = () =>
      (built ??= [
        boardRow({
          title: 'Mój pomysł',
          submitted_by: supabaseUser.id,
          image_urls: [imageUrl(supabaseUser.id, '1-a.png')],
        }),
        boardRow({ title: 'Mój oceniony', submitted_by: supabaseUser.id, status: 'approved' }),
        boardRow({ title: 'Cudzy pomysł' }),
      ]);
    server.use(
      boardRpc(() => (withdrawn ? rows().slice(1) : rows())).handler,
      statsRpc(),
      http.post(rpcUrl('withdraw_idea'), async ({ request }) => {
        order.push('rpc');
        expect(await request.json()).toEqual({ p_idea_id: rows()[0]!.id });
        withdrawn = true;
        return HttpResponse.json([`${supabaseUser.id}/1-a.png`]);
      }),
      http.delete(`${TEST_SUPABASE_URL}/storage/v1/object/idea-images`, async ({ request }) => {
        order.push('storage');
        removed = await request.json();
        return HttpResponse.json([{ name: `${supabaseUser.id}/1-a.png` }]);
      }),
    );
    const view = renderBoard();
    supabaseUser.id = view.session.user.id;
    const own = await screen.findByRole('article', { name: 'Mój pomysł' });
    expect(within(card('Mój oceniony')).queryByRole('button', { name: /Wycofaj/ })).not.toBeInTheDocument();
    expect(within(card('Cudzy pomysł')).queryByRole('button', { name: /Wycofaj/ })).not.toBeInTheDocument();
    await view.user.click(within(own).getByRole('button', { name: 'Wycofaj pomysł Mój pomysł' }));
    const dialog = screen.getByRole('dialog', { name: 'Wycofaj pomysł' });
    expect(dialog).toHaveAccessibleDescription(/Czy na pewno chcesz wycofać ten pomysł\?/);
    await view.user.click(within(dialog).getByRole('button', { name: 'Wycofaj' }));
    expect(await screen.findByText('Pomysł został wycofany')).toBeInTheDocument();
    expect(order).toEqual(['rpc', 'storage']);
    expect(removed).toEqual({ prefixes: [`${supabaseUser.id}/1-a.png`] });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mój pomysł' })).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the reason when the database refuses the withdrawal', async () => {
    const holder = { id: '' };
    let built: ReturnType<typeof boardRow>[] | null = null;
    server.use(
      boardRpc(() => (built ??= [boardRow({ title: 'Mój pomysł', submitted_by: holder.id })])).handler,
      statsRpc(),
      http.post(rpcUrl('withdraw_idea'), () => postgrestError(400, { code: 'P0001', message: 'ideas.not_pending' })),
    );
    const view = renderBoard();
    holder.id = view.session.user.id;
    const own = await screen.findByRole('article', { name: 'Mój pomysł' });
    await view.user.click(within(own).getByRole('button', { name: 'Wycofaj pomysł Mój pomysł' }));
    const dialog = screen.getByRole('dialog', { name: 'Wycofaj pomysł' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Wycofaj' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ten pomysł został już oceniony i nie można go wycofać',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { ToastProvider } from '@/components/ui/toast';
import { memberSession } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { CommunityPage } from '../community-page';

type PostRow = {
  id: string;
  author_id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  author_name: string | null;
  reaction_counts: Record<string, number>;
  my_reactions: string[];
  comments_count: number;
  total_count: number;
};

function postRow(overrides: Partial<PostRow> = {}): PostRow {
  return {
    id: crypto.randomUUID(),
    author_id: crypto.randomUUID(),
    title: 'Wyniki FitPlan za październik',
    content: 'Aktywni użytkownicy wzrośli o 12%.',
    created_at: '2026-11-18T12:00:00Z',
    updated_at: '2026-11-18T12:00:00Z',
    author_name: 'Ania',
    reaction_counts: { like: 2, love: 0, fire: 1, clap: 0 },
    my_reactions: ['like'],
    comments_count: 1,
    total_count: 1,
    ...overrides,
  };
}

type Setup = { posts?: () => Response; handlers?: Parameters<typeof server.use> };

function setup({ posts, handlers = [] }: Setup = {}) {
  const session = memberSession();
  const calls = { posts: [] as unknown[] };
  server.use(
    http.post(restUrl('/rpc/get_posts'), async ({ request }) => {
      calls.posts.push(await request.json());
      return posts ? posts() : HttpResponse.json([postRow()]);
    }),
    ...handlers,
  );
  const view = renderWithProviders(
    <ToastProvider>
      <CommunityPage aside={<p>Panel powiadomień</p>} />
    </ToastProvider>,
    { session, supabase: createTestSupabase() },
  );
  return { ...view, session, calls };
}

const reaction = (name: RegExp) => screen.getByRole('button', { name });

describe('the community page', () => {
  it("shows the title, the disabled 'Nowy post' with its reason, and the notifications panel", async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Społeczność' })).toBeInTheDocument();
    const newPost = screen.getByRole('button', { name: 'Nowy post' });
    expect(newPost).toBeDisabled();
    expect(newPost).toHaveAccessibleDescription('Dodawanie postów będzie dostępne wkrótce.');
    expect(screen.getByRole('complementary')).toHaveTextContent('Panel powiadomień');
    await screen.findByRole('article');
  });

  it('lists the posts with author, date, reactions (the member’s own pressed) and the comment count', async () => {
    const { calls } = setup();
    const post = await screen.findByRole('article', { name: 'Wyniki FitPlan za październik' });
    expect(post).toHaveTextContent('Ania, 18.11.2026');
    expect(post).toHaveTextContent('Aktywni użytkownicy wzrośli o 12%.');
    expect(within(post).getByRole('button', { name: 'Lubię to: 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(post).getByRole('button', { name: 'Ogień: 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(post).getByRole('button', { name: 'Super: 0' })).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Brawo: 0' })).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Komentarze (1)' })).toHaveAttribute('aria-expanded', 'false');
    expect(calls.posts).toEqual([{ p_limit: 20, p_offset: 0 }]);
  });

  it('shows a loading state, the empty text, and the spec’s error text with a retry', async () => {
    let answer = () => postgrestError(500, { code: 'XX000', message: 'boom' });
    const { user } = setup({ posts: () => answer() });
    expect(screen.getByRole('status', { name: 'Ładowanie postów...' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Error loading posts/);
    answer = () => HttpResponse.json([]);
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Nie ma jeszcze żadnych postów.')).toBeInTheDocument();
  });

  it('pages with "Pokaż więcej"', async () => {
    const first = Array.from({ length: 20 }, (_, i) => postRow({ title: `Post ${i + 1}`, total_count: 21 }));
    const { user, calls } = setup({
      posts: () =>
        HttpResponse.json(calls.posts.length === 1 ? first : [postRow({ title: 'Post 21', total_count: 21 })]),
    });
    await screen.findByRole('article', { name: 'Post 1' });
    await user.click(screen.getByRole('button', { name: 'Pokaż więcej' }));
    expect(await screen.findByRole('article', { name: 'Post 21' })).toBeInTheDocument();
    expect(calls.posts[1]).toEqual({ p_limit: 20, p_offset: 20 });
    expect(screen.queryByRole('button', { name: 'Pokaż więcej' })).not.toBeInTheDocument();
  });
});

describe('reactions', () => {
  it('adds a reaction at once (insert {post_id, user_id, type}) and removes it (delete by post, user, type)', async () => {
    const requests: { method: string; url: URL; body: unknown }[] = [];
    const record = async ({ request }: { request: Request }) => {
      requests.push({
        method: request.method,
        url: new URL(request.url),
        body: request.method === 'POST' ? await request.json() : null,
      });
      await delay(100);
      return new HttpResponse(null, { status: 201 });
    };
    const { user, session } = setup({
      handlers: [http.post(restUrl('/post_reactions'), record), http.delete(restUrl('/post_reactions'), record)],
    });
    await screen.findByRole('article');
    const post = screen.getByRole('article');

    await user.click(reaction(/^Ogień/));
    // Optimistic: pressed and counted before the answer.
    expect(within(post).getByRole('button', { name: 'Ogień: 2' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ post_id: expect.any(String), user_id: session.user.id, type: 'fire' });

    await user.click(reaction(/^Lubię to/));
    expect(within(post).getByRole('button', { name: 'Lubię to: 1' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.method).toBe('DELETE');
    expect(Object.fromEntries(requests[1]!.url.searchParams)).toEqual({
      post_id: `eq.${requests[0]!.body && (requests[0]!.body as { post_id: string }).post_id}`,
      user_id: `eq.${session.user.id}`,
      type: 'eq.like',
    });
  });

  it("reverts a failed add with 'Nie udało się dodać reakcji'", async () => {
    const { user } = setup({
      handlers: [
        http.post(restUrl('/post_reactions'), () => postgrestError(403, { code: '42501', message: 'denied' })),
      ],
    });
    await screen.findByRole('article');
    await user.click(reaction(/^Super/));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się dodać reakcji');
    expect(reaction(/^Super/)).toHaveAccessibleName('Super: 0');
    expect(reaction(/^Super/)).toHaveAttribute('aria-pressed', 'false');
  });

  it("reverts a failed removal with 'Nie udało się usunąć reakcji'", async () => {
    const { user } = setup({ handlers: [http.delete(restUrl('/post_reactions'), () => HttpResponse.error())] });
    await screen.findByRole('article');
    await user.click(reaction(/^Lubię to/));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się usunąć reakcji');
    expect(reaction(/^Lubię to/)).toHaveAccessibleName('Lubię to: 2');
    expect(reaction(/^Lubię to/)).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('comments', () => {
  it('opens the comments, lists them and adds one (blank text ignored)', async () => {
    let comments = [
      {
        id: crypto.randomUUID(),
        post_id: 'p',
        user_id: crypto.randomUUID(),
        content: 'Testowałem — bardzo wygodne!',
        created_at: '2026-11-19T08:00:00Z',
        author_name: 'Jan Kowalski',
      },
    ];
    const inserted: unknown[] = [];
    const { user, session } = setup({
      handlers: [
        http.post(restUrl('/rpc/get_post_comments'), () => HttpResponse.json(comments)),
        http.post(restUrl('/post_comments'), async ({ request }) => {
          const body = (await request.json()) as { content: string };
          inserted.push(body);
          comments = [
            ...comments,
            { ...comments[0]!, id: crypto.randomUUID(), content: body.content, author_name: 'Ania' },
          ];
          return new HttpResponse(null, { status: 201 });
        }),
      ],
    });
    const post = await screen.findByRole('article');
    const toggle = within(post).getByRole('button', { name: 'Komentarze (1)' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(post).findByText('Testowałem — bardzo wygodne!')).toBeInTheDocument();
    expect(post).toHaveTextContent('Jan Kowalski, 19.11.2026');

    const field = within(post).getByRole('textbox', { name: 'Twój komentarz' });
    await user.type(field, '   ');
    await user.click(within(post).getByRole('button', { name: 'Dodaj komentarz' }));
    expect(inserted).toEqual([]);

    await user.clear(field);
    await user.type(field, '  Też polecam  ');
    await user.click(within(post).getByRole('button', { name: 'Dodaj komentarz' }));
    expect(await within(post).findByText('Też polecam')).toBeInTheDocument();
    expect(inserted).toEqual([{ post_id: expect.any(String), user_id: session.user.id, content: 'Też polecam' }]);
    expect(within(post).getByRole('button', { name: 'Komentarze (2)' })).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('keeps the text and says why when adding fails', async () => {
    const { user } = setup({
      handlers: [
        http.post(restUrl('/rpc/get_post_comments'), () => HttpResponse.json([])),
        http.post(restUrl('/post_comments'), () => postgrestError(403, { code: '42501', message: 'denied' })),
      ],
    });
    const post = await screen.findByRole('article');
    await user.click(within(post).getByRole('button', { name: 'Komentarze (1)' }));
    expect(await within(post).findByText('Brak komentarzy. Napisz pierwszy!')).toBeInTheDocument();
    await user.type(within(post).getByRole('textbox', { name: 'Twój komentarz' }), 'Mój komentarz');
    await user.click(within(post).getByRole('button', { name: 'Dodaj komentarz' }));
    expect(await within(post).findByRole('alert')).toHaveTextContent('Nie udało się dodać komentarza: Brak dostępu');
    expect(within(post).getByRole('textbox', { name: 'Twój komentarz' })).toHaveValue('Mój komentarz');
  });

  it('shows the latest 20 and loads earlier ones on demand, oldest first', async () => {
    const requests: unknown[] = [];
    const comment = (n: number) => ({
      id: `c${n}`,
      post_id: 'p',
      user_id: 'u',
      content: `Komentarz ${n}`,
      created_at: new Date(Date.UTC(2026, 10, 1, 10, n)).toISOString(),
      author_name: 'Jan',
    });
    const { user } = setup({
      posts: () => HttpResponse.json([postRow({ comments_count: 21 })]),
      handlers: [
        http.post(restUrl('/rpc/get_post_comments'), async ({ request }) => {
          const body = (await request.json()) as { p_offset: number };
          requests.push(body);
          // The server's pages: newest 20 (2..21), then the one before (1); each oldest first.
          const page = body.p_offset === 0 ? Array.from({ length: 20 }, (_, i) => comment(i + 2)) : [comment(1)];
          return HttpResponse.json(page);
        }),
      ],
    });
    const post = await screen.findByRole('article');
    await user.click(within(post).getByRole('button', { name: 'Komentarze (21)' }));
    expect(await within(post).findByText('Komentarz 2')).toBeInTheDocument();
    expect(within(post).queryByText('Komentarz 1')).not.toBeInTheDocument();
    await user.click(within(post).getByRole('button', { name: 'Pokaż wcześniejsze komentarze' }));
    expect(await within(post).findByText('Komentarz 1')).toBeInTheDocument();
    const texts = within(post)
      .getAllByText(/^Komentarz \d+$/)
      .map((node) => node.textContent);
    expect(texts.slice(0, 3)).toEqual(['Komentarz 1', 'Komentarz 2', 'Komentarz 3']);
    expect(requests).toEqual([
      { p_post_id: expect.any(String), p_limit: 20, p_offset: 0 },
      { p_post_id: expect.any(String), p_limit: 20, p_offset: 20 },
    ]);
    expect(within(post).queryByRole('button', { name: 'Pokaż wcześniejsze komentarze' })).not.toBeInTheDocument();
  });
});

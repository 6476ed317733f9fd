import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memberSession } from '@/testing/factories';
import { functionsUrl, postgrestError } from '@/testing/msw/handlers';
import { readRequest, restUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { TEST_ANON_KEY, TEST_SUPABASE_URL } from '@/testing/test-env';
import { SubmitIdeaPage } from '../submit-idea-page';

beforeAll(() => {
  // The test DOM has no object URLs; the previews only need a distinct address per file.
  let next = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: () => `blob:preview-${(next += 1)}`,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

const png = (name: string, bytes = 1024) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

type Upload = {
  path: string;
  contentType: string | null;
  authorization: string | null;
  apikey: string | null;
};

/** Storage's upload endpoint for idea-images, recording each upload; `fail` answers 500 for a file. */
function storage(options: { fail?: (path: string) => boolean } = {}) {
  const uploads: Upload[] = [];
  const removed: string[][] = [];
  const handlers = [
    http.post(`${TEST_SUPABASE_URL}/storage/v1/object/idea-images/*`, async ({ request }) => {
      const path = decodeURIComponent(new URL(request.url).pathname.replace('/storage/v1/object/idea-images/', ''));
      uploads.push({
        path,
        contentType: request.headers.get('content-type'),
        authorization: request.headers.get('authorization'),
        apikey: request.headers.get('apikey'),
      });
      if (options.fail?.(path))
        return HttpResponse.json({ statusCode: '500', error: 'internal', message: 'boom' }, { status: 500 });
      return HttpResponse.json({ Key: `idea-images/${path}`, Id: crypto.randomUUID() });
    }),
    http.delete(`${TEST_SUPABASE_URL}/storage/v1/object/idea-images`, async ({ request }) => {
      removed.push(((await request.json()) as { prefixes: string[] }).prefixes);
      return HttpResponse.json([]);
    }),
  ];
  return { uploads, removed, handlers };
}

/** POST /rest/v1/app_ideas: records the inserts; `answers` decides each one (default: a new id). */
function ideasTable(answers: ((index: number) => Response | null) | null = null) {
  const inserts: Record<string, unknown>[] = [];
  const handler = http.post(restUrl('/app_ideas'), async ({ request }) => {
    const { body, query } = await readRequest(request);
    inserts.push({ ...body, select: query.select });
    const answer = answers?.(inserts.length - 1);
    return answer ?? HttpResponse.json({ id: 'b1f2c3d4-0000-4000-8000-000000000001' }, { status: 201 });
  });
  return { inserts, handler };
}

function webhook(answer: () => Response = () => HttpResponse.json({ feedback: 'Świetny pomysł, analizujemy rynek.' })) {
  const calls: { body: unknown; authorization: string | null }[] = [];
  const handler = http.post(functionsUrl('idea-webhook'), async ({ request }) => {
    calls.push({ body: await request.json(), authorization: request.headers.get('authorization') });
    return answer();
  });
  return { calls, handler };
}

function renderForm() {
  const supabase = createTestSupabase();
  const session = memberSession();
  const view = renderWithProviders(<SubmitIdeaPage />, { supabase, session, route: '/dashboard/submit-idea' });
  return { ...view, session };
}

const field = (name: string) => screen.getByLabelText(name);
const fileInput = () => screen.getByLabelText('Obrazy') as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Zgłoś pomysł' });

async function fillIn(user: ReturnType<typeof renderForm>['user']) {
  await user.type(field('Tytuł'), 'Aplikacja do wspólnych zakupów');
  await user.type(field('Opis'), 'Lista zakupów dla całej rodziny.');
  await user.selectOptions(field('Kategoria'), 'Styl życia');
  await user.type(field('Grupa docelowa'), 'Rodziny');
  await user.type(field('Strategia monetyzacji'), 'Freemium');
}

describe('the idea form: validation', () => {
  it('requires the five fields (blank counts as empty) and focuses the first', async () => {
    const table = ideasTable();
    server.use(table.handler);
    const { user } = renderForm();
    await user.type(field('Tytuł'), '   ');
    await user.click(submitButton());
    for (const name of ['Tytuł', 'Opis', 'Kategoria', 'Grupa docelowa', 'Strategia monetyzacji']) {
      expect(field(name)).toHaveAccessibleDescription('To pole jest wymagane');
    }
    expect(field('Tytuł')).toHaveFocus();
    expect(table.inserts).toEqual([]);
  });

  it('offers the five categories with Polish names', () => {
    renderForm();
    expect(
      within(field('Kategoria'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Wybierz kategorię', 'Gry', 'Produktywność', 'Styl życia', 'Edukacja', 'Biznes']);
  });

  it('takes at most 5 images: "Możesz dodać maksymalnie 5 obrazków"', async () => {
    const { user } = renderForm();
    await user.upload(
      fileInput(),
      [1, 2, 3, 4, 5, 6].map((n) => png(`${n}.png`)),
    );
    expect(screen.getAllByRole('img', { name: /Podgląd obrazu/ })).toHaveLength(5);
    expect(screen.getByRole('alert')).toHaveTextContent('Możesz dodać maksymalnie 5 obrazków');
    expect(screen.queryByRole('img', { name: 'Podgląd obrazu 6.png' })).not.toBeInTheDocument();
    expect(fileInput()).toBeDisabled();
  });

  it('refuses files that are not images, other formats and files over 5 MB, keeping the good ones', () => {
    renderForm();
    const text = new File(['tekst'], 'opis.txt', { type: 'text/plain' });
    fireEvent.change(fileInput(), { target: { files: [text, png('dobry.png')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Plik musi być obrazem');
    expect(screen.getByRole('img', { name: 'Podgląd obrazu dobry.png' })).toBeInTheDocument();

    fireEvent.change(fileInput(), { target: { files: [new File(['gif'], 'anim.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Dozwolone formaty obrazów: JPG, PNG, WebP');

    const big = png('duzy.png', 5 * 1024 * 1024 + 1);
    fireEvent.change(fileInput(), {
      target: { files: [big, new File([new Uint8Array(10)], 'x.webp', { type: 'image/webp' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Maksymalny rozmiar pliku to 5MB');
    expect(screen.getAllByRole('img', { name: /Podgląd obrazu/ }).map((img) => img.getAttribute('alt'))).toEqual([
      'Podgląd obrazu dobry.png',
      'Podgląd obrazu x.webp',
    ]);
    expect(fileInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp');
  });

  it('removes a chosen image from the form', async () => {
    const { user } = renderForm();
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    await user.click(screen.getByRole('button', { name: 'Usuń obraz a.png' }));
    expect(screen.getAllByRole('img', { name: /Podgląd obrazu/ }).map((img) => img.getAttribute('alt'))).toEqual([
      'Podgląd obrazu b.png',
    ]);
  });
});

describe('the idea form: submission', () => {
  it('uploads the images into the member’s folder, saves the idea, passes it on and shows the feedback', async () => {
    const files = storage();
    const table = ideasTable();
    const hook = webhook();
    server.use(...files.handlers, table.handler, hook.handler);
    const { user, session } = renderForm();
    await fillIn(user);
    await user.upload(fileInput(), [
      png('a.png', 2048),
      new File([new Uint8Array(10)], 'b.webp', { type: 'image/webp' }),
    ]);
    await user.click(submitButton());

    // The heading takes the focus in an effect, just after it appears.
    const heading = await screen.findByRole('heading', { name: 'Pomysł został zgłoszony' });
    await waitFor(() => expect(heading).toHaveFocus());
    const feedback = screen.getByRole('status', { name: '' });
    expect(feedback).toHaveTextContent('Świetny pomysł, analizujemy rynek.');
    expect(feedback).toHaveAttribute('data-tone', 'info');

    expect(files.uploads).toHaveLength(2);
    const [first, second] = files.uploads as [Upload, Upload];
    expect(first.path).toMatch(new RegExp(`^${session.user.id}/\\d+-[0-9a-f]{12}\\.png$`));
    expect(second.path).toMatch(new RegExp(`^${session.user.id}/\\d+-[0-9a-f]{12}\\.webp$`));
    // (The bytes themselves: jsdom's XMLHttpRequest does not send a File's content; E2E checks them.)
    expect(first).toMatchObject({
      contentType: 'image/png',
      authorization: `Bearer ${session.access_token}`,
      apikey: TEST_ANON_KEY,
    });
    expect(second.contentType).toBe('image/webp');
    // Object paths only: the database keeps no host (issue 21).
    expect(table.inserts).toEqual([
      {
        title: 'Aplikacja do wspólnych zakupów',
        description: 'Lista zakupów dla całej rodziny.',
        category: 'lifestyle',
        target_audience: 'Rodziny',
        monetization_strategy: 'Freemium',
        image_urls: [first.path, second.path],
        select: 'id',
      },
    ]);
    expect(hook.calls).toEqual([
      { body: { ideaId: 'b1f2c3d4-0000-4000-8000-000000000001' }, authorization: `Bearer ${session.access_token}` },
    ]);
    expect(screen.getByRole('link', { name: 'Zobacz pomysły' })).toHaveAttribute('href', '/dashboard/ideas');
    expect(files.removed).toEqual([]);
  });

  it('shows a feedback with "błąd" in red', async () => {
    server.use(ideasTable().handler, webhook(() => HttpResponse.json({ feedback: 'Wystąpił błąd analizy' })).handler);
    const { user } = renderForm();
    await fillIn(user);
    await user.click(submitButton());
    const feedback = await screen.findByRole('alert');
    expect(feedback).toHaveTextContent('Wystąpił błąd analizy');
    expect(feedback).toHaveAttribute('data-tone', 'error');
  });

  it('keeps the saved idea when the webhook call fails, showing "Webhook request failed"', async () => {
    server.use(ideasTable().handler, webhook(() => HttpResponse.json({ message: 'boom' }, { status: 500 })).handler);
    const { user } = renderForm();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Pomysł został zgłoszony' })).toBeInTheDocument();
    expect(screen.getByText('Webhook request failed')).toBeInTheDocument();
  });

  it("a failed call names its 'identyfikator zdarzenia': the trace id the call carried, as the function answers it", async () => {
    const traces: string[] = [];
    // As the function: its request id is the trace id of the incoming traceparent, returned in x-request-id.
    const answer = (status: number) =>
      http.post(functionsUrl('idea-webhook'), ({ request }) => {
        const trace = request.headers.get('traceparent')!.split('-')[1]!;
        traces.push(trace);
        const headers = { 'x-request-id': trace };
        return status === 200
          ? HttpResponse.json({ feedback: 'Webhook request failed' }, { headers })
          : HttpResponse.json({ error: { code: 'internal' } }, { status, headers });
      });
    server.use(ideasTable().handler, answer(200));
    const view = renderForm();
    await fillIn(view.user);
    await view.user.click(submitButton());
    expect(await screen.findByTestId('request-id')).toHaveTextContent(`identyfikator zdarzenia: ${traces[0]}`);
    view.unmount();

    server.use(ideasTable().handler, answer(500));
    const { user } = renderForm();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByTestId('request-id')).toHaveTextContent(`identyfikator zdarzenia: ${traces[1]}`);
    expect(traces[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(traces[1]).not.toBe(traces[0]);
  });

  it('a feedback that is not a failure shows no id', async () => {
    server.use(ideasTable().handler, webhook().handler);
    const { user } = renderForm();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByText('Świetny pomysł, analizujemy rynek.')).toBeInTheDocument();
    expect(screen.queryByTestId('request-id')).toBeNull();
  });

  it('names the daily limit of 10 ideas (the database’s rule) and keeps what was typed', async () => {
    const table = ideasTable(() => postgrestError(400, { code: 'P0001', message: 'ideas.daily_limit' }));
    server.use(table.handler, webhook().handler);
    const { user } = renderForm();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Możesz zgłosić najwyżej 10 pomysłów dziennie. Spróbuj ponownie jutro.',
    );
    expect(field('Tytuł')).toHaveValue('Aplikacja do wspólnych zakupów');
  });

  it('keeps everything when saving fails, and a second try does not upload the images again', async () => {
    const files = storage();
    const table = ideasTable((index) => (index === 0 ? postgrestError(500, { code: 'XX000', message: 'boom' }) : null));
    server.use(...files.handlers, table.handler, webhook().handler);
    const { user } = renderForm();
    await fillIn(user);
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zapisać pomysłu');
    expect(field('Tytuł')).toHaveValue('Aplikacja do wspólnych zakupów');
    expect(field('Opis')).toHaveValue('Lista zakupów dla całej rodziny.');
    expect(field('Kategoria')).toHaveValue('lifestyle');
    expect(field('Grupa docelowa')).toHaveValue('Rodziny');
    expect(field('Strategia monetyzacji')).toHaveValue('Freemium');
    expect(screen.getAllByText('Przesłano')).toHaveLength(2);

    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Pomysł został zgłoszony' })).toBeInTheDocument();
    expect(files.uploads).toHaveLength(2);
    expect(table.inserts).toHaveLength(2);
    expect(table.inserts[1]!.image_urls).toEqual(table.inserts[0]!.image_urls);
  });

  it('keeps everything when an image cannot be uploaded: "Nie udało się przesłać obrazu"', async () => {
    const files = storage({ fail: (path) => path.endsWith('.webp') });
    const table = ideasTable();
    server.use(...files.handlers, table.handler, webhook().handler);
    const { user, unmount } = renderForm();
    await fillIn(user);
    await user.upload(fileInput(), [png('a.png'), new File([new Uint8Array(10)], 'b.webp', { type: 'image/webp' })]);
    await user.click(submitButton());

    expect(await screen.findByText('Nie udało się przesłać obrazu')).toBeInTheDocument();
    expect(screen.getByText('Przesłano')).toBeInTheDocument();
    expect(screen.getByText('Nie przesłano')).toBeInTheDocument();
    expect(table.inserts).toEqual([]);
    expect(field('Tytuł')).toHaveValue('Aplikacja do wspólnych zakupów');
    expect(screen.getAllByRole('img', { name: /Podgląd obrazu/ })).toHaveLength(2);
    // The failed file's path is cleared from storage in case Storage kept it.
    await waitFor(() => expect(files.removed.flat()).toEqual([files.uploads[1]!.path]));

    // Leaving the page: the image uploaded for an idea never saved is removed too.
    unmount();
    await waitFor(() => expect(files.removed.flat()).toEqual([files.uploads[1]!.path, files.uploads[0]!.path]));
  });

  it('removes an uploaded image from storage when it is taken off the form', async () => {
    const files = storage();
    server.use(...files.handlers, ideasTable(() => postgrestError(500, { code: 'XX000', message: 'boom' })).handler);
    const { user } = renderForm();
    await fillIn(user);
    await user.upload(fileInput(), [png('a.png')]);
    await user.click(submitButton());
    expect(await screen.findByText('Przesłano')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Usuń obraz a.png' }));
    await waitFor(() => expect(files.removed).toEqual([[files.uploads[0]!.path]]));
  });

  it('starts again with an empty form after "Zgłoś kolejny pomysł"', async () => {
    server.use(ideasTable().handler, webhook().handler);
    const { user } = renderForm();
    await fillIn(user);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'Zgłoś kolejny pomysł' }));
    expect(field('Tytuł')).toHaveValue('');
    expect(field('Kategoria')).toHaveValue('');
  });
});

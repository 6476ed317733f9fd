import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import { shellHandlers } from '@/testing/msw/dashboard-answers';
import { recordPost, rpcUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import type * as FormatModule from '@/lib/format';
import { preloadNumberFormat } from '@/lib/format';
import { createTestSupabase } from '@/testing/supabase';
import { Component as DashboardShell } from '../routes/dashboard/layout';
import type * as SectionsModule from '../sections';
import { sections } from '../sections';
import type * as FirstReadsModule from '../routes/dashboard/first-reads';
import { preloadPhoneField } from '../routes/dashboard/first-reads';

// The sections' chunks stand in as imports that have not arrived yet (and never do in this test).
vi.mock('../sections', async (importOriginal) => {
  const real = await importOriginal<typeof SectionsModule>();
  const pending = <S extends SectionsModule.Section>(section: S): S => ({
    ...section,
    chunk: vi.fn(() => new Promise<never>(() => {})),
  });
  return { ...real, sections: real.createSections(real.sections.all.map(pending)) };
});

const chunkOf = (path: string) => sections.at(path)?.chunk;

// The phone input's chunk: whether and when the menu asks for it.
vi.mock('../routes/dashboard/first-reads', async (importOriginal) => ({
  ...(await importOriginal<typeof FirstReadsModule>()),
  preloadPhoneField: vi.fn(),
}));

// The locale's number data: whether and when the menu asks for it.
vi.mock('@/lib/format', async (importOriginal) => ({
  ...(await importOriginal<typeof FormatModule>()),
  preloadNumberFormat: vi.fn(),
}));

describe("the side menu's prefetch", () => {
  it("starts the ideas board's first page and counts together with its chunk", async () => {
    const board = recordPost(rpcUrl('get_app_ideas'), () => HttpResponse.json([]));
    const stats = recordPost(rpcUrl('get_idea_stats'), () => HttpResponse.json([]));
    server.use(...shellHandlers(), board.handler, stats.handler);
    const { user } = renderWithProviders(<DashboardShell />, {
      route: '/dashboard',
      session: buildSession(buildUser()),
      supabase: createTestSupabase(),
    });

    await user.hover(await screen.findByRole('link', { name: 'Pomysły' }));
    expect(chunkOf('/dashboard/ideas')).toHaveBeenCalled();
    // The chunk has not arrived; the board's first page as the menu opens it is asked for already.
    await waitFor(() => expect(board.calls).toHaveLength(1));
    expect(board.calls[0]?.body).toMatchObject({ p_sort: 'date', p_offset: 0 });
    await waitFor(() => expect(stats.calls).toHaveLength(1));
  });

  it("loads the phone input and the locale's number data once the member first points at the menu, and not before", async () => {
    server.use(
      ...shellHandlers(),
      recordPost(rpcUrl('get_app_ideas'), () => HttpResponse.json([])).handler,
      recordPost(rpcUrl('get_idea_stats'), () => HttpResponse.json([])).handler,
    );
    const load = vi.mocked(preloadPhoneField);
    load.mockClear();
    const numbers = vi.mocked(preloadNumberFormat);
    numbers.mockClear();
    vi.mocked(chunkOf('/dashboard/ideas')!).mockClear();
    const { user } = renderWithProviders(<DashboardShell />, {
      route: '/dashboard',
      session: buildSession(buildUser()),
      supabase: createTestSupabase(),
    });
    const ideas = await screen.findByRole('link', { name: 'Pomysły' });
    expect(load).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();

    // Pointing at an entry prefetches once the session is known (the menu may show a moment before).
    await waitFor(async () => {
      await user.unhover(ideas);
      await user.hover(ideas);
      expect(chunkOf('/dashboard/ideas')).toHaveBeenCalled();
    });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(numbers).toHaveBeenCalledTimes(1));
    await user.unhover(ideas);
    await user.hover(ideas);
    expect(load).toHaveBeenCalledTimes(1);
    expect(numbers).toHaveBeenCalledTimes(1);
  });
});

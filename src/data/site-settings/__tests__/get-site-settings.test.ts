import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { getSiteSettings, SITE_SETTINGS_GC_TIME_MS, siteSettingsQueryOptions } from '../get-site-settings';

describe('the site settings read', () => {
  it('reads the single row, fresh 5 minutes and kept 30 (product.md#dashboard-7)', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(restUrl('/site_settings'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ site_title: 'Klub' });
      }),
    );
    const { client } = createTestSupabase();
    await expect(getSiteSettings(client)).resolves.toMatchObject({ site_title: 'Klub' });
    expect(query?.get('limit')).toBe('1');
    const options = siteSettingsQueryOptions(() => Promise.resolve(client));
    expect(options.staleTime).toBe(5 * 60_000);
    expect(options.gcTime).toBe(SITE_SETTINGS_GC_TIME_MS);
    expect(SITE_SETTINGS_GC_TIME_MS).toBe(30 * 60_000);
  });
});

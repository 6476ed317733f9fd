import { adminSession, memberSession } from '@/testing/factories';
import { storedSessionAppMetadata } from '../supabase';

const KEY = 'sb-test-auth-token';

describe('storedSessionAppMetadata', () => {
  it("reads the stored session's app_metadata without the client", () => {
    window.localStorage.setItem(KEY, JSON.stringify(adminSession()));
    expect(storedSessionAppMetadata(KEY)).toMatchObject({ admin: true });
    window.localStorage.setItem(KEY, JSON.stringify(memberSession()));
    expect(storedSessionAppMetadata(KEY)?.admin).not.toBe(true);
  });

  it('is null when nothing usable is stored', () => {
    expect(storedSessionAppMetadata(KEY)).toBeNull();
    for (const stored of ['not json', 'null', '{}', '{"user":null}', '{"user":{"app_metadata":"admin"}}']) {
      window.localStorage.setItem(KEY, stored);
      expect(storedSessionAppMetadata(KEY)).toBeNull();
    }
  });
});

// PostgREST behind the gateway with real RLS: an embedded select and an RPC, as members and as anon.
import { describe, expect, it } from 'vitest';
import { activatedMember } from './helpers/accounts.ts';
import { appClient, stack } from './helpers/clients.ts';

describe('PostgREST with RLS', () => {
  it("returns a member's own rows with the embedded relation, and none of another member's", async () => {
    const owner = await activatedMember('rest-owner');
    const stranger = await activatedMember('rest-stranger');
    const created = await owner.client.from('contract_lists').insert({ title: 'Zakupy' }).select('id').single();
    expect(created.error).toBeNull();
    const listId = (created.data as { id: number }).id;
    const items = await owner.client.from('contract_items').insert([
      { list_id: listId, label: 'chleb' },
      { list_id: listId, label: 'mleko' },
    ]);
    expect(items.error).toBeNull();

    const own = await owner.client.from('contract_lists').select('title, contract_items(label)').order('id');
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ title: 'Zakupy', contract_items: [{ label: 'chleb' }, { label: 'mleko' }] }]);
    const foreign = await stranger.client.from('contract_lists').select('title, contract_items(label)');
    expect(foreign.data).toEqual([]);
    const sneak = await stranger.client.from('contract_items').insert({ list_id: listId, label: 'intruz' });
    expect(sneak.error).toMatchObject({ code: '42501' });
  });

  it('runs an RPC with the caller’s JWT claims (auth.uid(), role, aal) and RLS', async () => {
    const member = await activatedMember('rest-rpc');
    await member.client.from('contract_lists').insert({ title: 'Jedna' });
    const { data, error } = await member.client.rpc('contract_whoami');
    expect(error).toBeNull();
    expect(data).toEqual({ sub: member.session.user.id, role: 'authenticated', aal: 'aal1', lists: 1 });
  });

  it('keeps anon out of what is granted to members only', async () => {
    const { error } = await appClient().rpc('contract_whoami');
    expect(error).toMatchObject({ code: '42501' });
    const lists = await appClient().from('contract_lists').select('id');
    expect(lists.error).toMatchObject({ code: '42501' });
  });

  it("exposes the member's profile row made by the project's trigger", async () => {
    const member = await activatedMember('rest-profile');
    const { data } = await member.client
      .from('profiles')
      .select('email, full_name')
      .eq('user_id', member.session.user.id);
    expect(data).toEqual([{ email: member.email, full_name: 'Jan Kowalski' }]);
  });

  it('answers count=exact through the exposed Content-Range header', async () => {
    const member = await activatedMember('rest-count');
    await member.client.from('contract_lists').insert([{ title: 'a' }, { title: 'b' }]);
    const { count } = await member.client.from('contract_lists').select('id', { count: 'exact', head: true });
    expect(count).toBe(2);
    const raw = await fetch(`${stack().apiUrl}/rest/v1/contract_lists?select=id`, {
      headers: {
        apikey: stack().anonKey,
        Authorization: `Bearer ${member.session.access_token}`,
        Prefer: 'count=exact',
        Origin: 'http://127.0.0.1:5173',
      },
    });
    expect(raw.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});

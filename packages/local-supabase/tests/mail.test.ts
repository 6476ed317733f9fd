// The mail catcher: a real SMTP server and a Mailpit-compatible API (what E2E helpers read).
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './helpers/accounts.ts';
import { stack } from './helpers/clients.ts';

async function api(path: string, init?: RequestInit) {
  const response = await fetch(`${stack().inboxUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('mail catcher', () => {
  it('receives SMTP mail and serves it through the Mailpit API subset', async () => {
    const to = uniqueEmail('smtp');
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: stack().smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: 'Klub <no-reply@klub.local>',
      to,
      subject: 'Witaj',
      text: 'Treść',
      html: '<b>Treść</b>',
    });

    const search = await api(`/api/v1/search?query=${encodeURIComponent(`to:"${to}"`)}`);
    const messages = search.body.messages as { ID: string; Subject: string; To: { Address: string }[] }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ Subject: 'Witaj', To: [{ Address: to }] });
    const message = await api(`/api/v1/message/${messages[0]?.ID}`);
    expect(message.body).toMatchObject({ Subject: 'Witaj', Text: 'Treść', HTML: '<b>Treść</b>' });
    // Each of Mailpit's search fields, ANDed with the address; a miss in any field finds nothing.
    const found = async (terms: string) =>
      ((await api(`/api/v1/search?query=${encodeURIComponent(`to:"${to}" ${terms}`)}`)).body.messages as unknown[])
        .length;
    expect(await found('subject:Witaj')).toBe(1);
    expect(await found('from:no-reply@klub.local')).toBe(1);
    expect(await found('treść')).toBe(1);
    expect(await found('subject:Treść')).toBe(0);
    expect(await found('from:someone@else.pl')).toBe(0);
    expect(await found('nieobecne')).toBe(0);

    await api('/api/v1/messages', { method: 'DELETE', body: JSON.stringify({ IDs: [messages[0]?.ID] }) });
    expect((await api(`/api/v1/search?query=${encodeURIComponent(`to:"${to}"`)}`)).body.messages).toEqual([]);
  });

  it('shows a web inbox', async () => {
    const response = await fetch(`${stack().inboxUrl}/`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Local mail catcher');
  });
});

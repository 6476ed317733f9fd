// send-test-email end to end over HTTP: the handler served by Deno.serve, its PostgREST calls
// answered by a PostgREST stand-in, and the real nodemailer mailer talking to a real SMTP server
// (npm smtp-server) started by each test.
import assert from 'node:assert/strict';
import {
  closedPort,
  startSilentServer,
  startSmtpServer,
  type TestSmtpOptions,
  type TestSmtpServer,
} from '../_shared/testing/smtp-server.ts';
import { startFakePostgrest, storedConfig, TOKENS, withFunction } from './testing.ts';

async function withSmtp(options: TestSmtpOptions, run: (smtp: TestSmtpServer) => Promise<void>) {
  const smtp = await startSmtpServer(options);
  try {
    await run(smtp);
  } finally {
    await smtp.close();
  }
}

async function withPostgrest(
  configs: Parameters<typeof startFakePostgrest>[0],
  run: (postgrest: ReturnType<typeof startFakePostgrest>) => Promise<void>,
) {
  const postgrest = startFakePostgrest(configs);
  try {
    await run(postgrest);
  } finally {
    await postgrest.close();
  }
}

const credentials = { username: 'klub', password: 'sekret-smtp' };

Deno.test('a stored configuration: the test e-mail reaches the SMTP server with its login and sender', async () => {
  await withSmtp({ credentials }, async (smtp) => {
    const config = storedConfig(smtp.port);
    await withPostgrest([config], async (postgrest) => {
      await withFunction({ postgrest }, async (call) => {
        const response = await call({
          to: 'admin@klub.local',
          subject: 'Test SMTP',
          html: '<p>Działa</p>',
          text: 'Działa',
          configId: config.id,
        });
        assert.equal(response.status, 200);
        assert.deepEqual(await response.json(), { ok: true });
        assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
      });
    });
    assert.equal(smtp.messages.length, 1);
    const [mail] = smtp.messages;
    assert.deepEqual(mail?.envelope, { from: 'no-reply@klub.local', to: ['admin@klub.local'] });
    assert.deepEqual(mail?.login, credentials);
    assert.equal(mail?.parsed.subject, 'Test SMTP');
    assert.equal(mail?.parsed.html, '<p>Działa</p>');
  });
});

Deno.test('an unsaved configuration (the form before saving) is tested with the password typed', async () => {
  await withSmtp({ credentials }, async (smtp) => {
    await withPostgrest([], async (postgrest) => {
      await withFunction({ postgrest }, async (call) => {
        const response = await call({
          to: 'admin@klub.local',
          config: {
            host: '127.0.0.1',
            port: smtp.port,
            username: 'klub',
            password: 'sekret-smtp',
            fromEmail: 'test@klub.local',
            fromName: 'Nowy',
            secure: false,
          },
        });
        assert.equal(response.status, 200);
        await response.body?.cancel();
      });
    });
    assert.equal(smtp.messages.length, 1);
    assert.equal(smtp.messages[0]?.parsed.subject, 'Test konfiguracji SMTP');
    assert.deepEqual(smtp.messages[0]?.parsed.from?.value, [{ name: 'Nowy', address: 'test@klub.local' }]);
  });
});

Deno.test('a wrong port: 502 saying the server could not be reached, with an id', async () => {
  const port = await closedPort();
  await withPostgrest([storedConfig(port)], async (postgrest) => {
    const [config] = [...postgrest.configs.values()];
    await withFunction({ postgrest }, async (call) => {
      const response = await call({ to: 'admin@klub.local', configId: config!.id });
      assert.equal(response.status, 502);
      const body = await response.json();
      assert.equal(body.error, 'smtp_failed');
      assert.equal(body.reason, 'connection');
      assert.match(body.ref, /^[0-9a-f-]{36}$/);
      assert.doesNotMatch(JSON.stringify(body), /ECONNREFUSED/);
    });
  });
});

Deno.test('an authentication failure: 502 saying so, never the SMTP server reply', async () => {
  await withSmtp({ credentials }, async (smtp) => {
    const config = storedConfig(smtp.port, { password: 'złe-hasło' });
    await withPostgrest([config], async (postgrest) => {
      await withFunction({ postgrest }, async (call) => {
        const response = await call({ to: 'admin@klub.local', configId: config.id });
        assert.equal(response.status, 502);
        const body = await response.json();
        assert.equal(body.error, 'smtp_failed');
        assert.equal(body.reason, 'auth');
        assert.match(body.ref, /^[0-9a-f-]{36}$/);
        // Nothing else in the answer; the random ref is left out of the search (a UUID may hold "535").
        const { ref: _ref, ...told } = body;
        assert.deepEqual(told, { error: 'smtp_failed', reason: 'auth' });
        assert.doesNotMatch(JSON.stringify(told), /535|Authentication failed/);
        assert.doesNotMatch(JSON.stringify(told), /złe-hasło/);
      });
    });
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test('a server that never greets: 504 timeout, in bounded time', async () => {
  const silent = await startSilentServer();
  try {
    const config = storedConfig(silent.port);
    await withPostgrest([config], async (postgrest) => {
      await withFunction({ postgrest, settings: { timeoutMs: 300 } }, async (call) => {
        const started = Date.now();
        const response = await call({ to: 'admin@klub.local', configId: config.id });
        assert.equal(response.status, 504);
        assert.deepEqual(await response.json(), { error: 'timeout', seconds: 1 });
        assert.ok(Date.now() - started < 2_000, `answered after ${Date.now() - started} ms`);
      });
    });
  } finally {
    await silent.close();
  }
});

Deno.test('a member gets 403 and nothing is sent; the configuration is never read for them', async () => {
  await withSmtp({}, async (smtp) => {
    const config = storedConfig(smtp.port);
    await withPostgrest([config], async (postgrest) => {
      await withFunction({ postgrest }, async (call) => {
        const response = await call({ to: 'member@klub.local', configId: config.id }, TOKENS.member);
        assert.equal(response.status, 403);
        assert.deepEqual(await response.json(), { error: 'forbidden' });
      });
      assert.deepEqual(
        postgrest.requests.map((request) => request.path),
        ['/rest/v1/rpc/admin_list_smtp_configs'],
      );
      assert.equal(postgrest.requests[0]?.authorization, `Bearer ${TOKENS.member}`);
    });
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test('no JWT gets 401 without asking anyone; an expired one gets 401 from the database check', async () => {
  await withSmtp({}, async (smtp) => {
    const config = storedConfig(smtp.port);
    await withPostgrest([config], async (postgrest) => {
      await withFunction({ postgrest }, async (call) => {
        const none = await call({ to: 'x@klub.local', configId: config.id }, null);
        assert.equal(none.status, 401);
        assert.deepEqual(await none.json(), { error: 'unauthorized' });
        assert.equal(postgrest.requests.length, 0);

        const expired = await call({ to: 'x@klub.local', configId: config.id }, TOKENS.expired);
        assert.equal(expired.status, 401);
        await expired.body?.cancel();
      });
    });
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test('the stored password never goes to an edited host: a new server needs its own password', async () => {
  await withSmtp({}, async (stored) => {
    await withSmtp({}, async (other) => {
      const config = storedConfig(stored.port);
      await withPostgrest([config], async (postgrest) => {
        await withFunction({ postgrest }, async (call) => {
          const edited = {
            host: '127.0.0.1',
            port: other.port,
            username: 'klub',
            password: '',
            fromEmail: 'no-reply@klub.local',
            fromName: 'Klub',
          };
          const refused = await call({ to: 'admin@klub.local', configId: config.id, config: edited });
          assert.equal(refused.status, 400);
          assert.deepEqual(await refused.json(), { error: 'invalid_config' });

          // The same server with an edited sender keeps the stored password.
          const sameServer = { ...edited, port: stored.port, fromName: 'Klub (test)' };
          const sent = await call({ to: 'admin@klub.local', configId: config.id, config: sameServer });
          assert.equal(sent.status, 200);
          await sent.body?.cancel();
        });
      });
      assert.equal(other.messages.length, 0);
      assert.equal(stored.messages.length, 1);
      assert.deepEqual(stored.messages[0]?.login, { username: 'klub', password: 'sekret-smtp' });
      assert.deepEqual(stored.messages[0]?.parsed.from?.value, [
        { name: 'Klub (test)', address: 'no-reply@klub.local' },
      ]);
    });
  });
});

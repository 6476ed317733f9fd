// The pure parts of the Realtime emulation: reading postgres_changes parameters as Realtime does
// (its documented examples), pgoutput frames, the serializers, and the "is this transaction
// visible yet" test that guards the row-level security check.
import { describe, expect, it } from 'vitest';
import { decodePgOutput, decodeReplicationFrame, standbyStatusUpdate } from '../src/realtime/pgoutput.ts';
import { describeParams, parseSubscriptionParams } from '../src/realtime/params.ts';
import { decode, encode, encodeReply } from '../src/realtime/protocol.ts';
import { finishedIn } from '../src/realtime/visibility.ts';

describe('postgres_changes parameters (Subscriptions.parse_subscription_params)', () => {
  const parse = (params: Record<string, unknown>) => parseSubscriptionParams(params);

  it('reads event, schema, table and a filter', () => {
    expect(parse({ event: 'INSERT', schema: 'public', table: 'messages', filter: 'subject=eq.hey' })).toEqual({
      ok: true,
      params: {
        action: 'INSERT',
        schema: 'public',
        table: 'messages',
        filters: [{ column: 'subject', op: 'eq', value: 'hey', negate: false }],
        selectedColumns: null,
      },
    });
  });

  it('reads in, not., AND-ed filters, quoted values and empty filters', () => {
    const filters = (filter: string) => {
      const result = parse({ schema: 'public', table: 'messages', filter });
      return result.ok ? result.params.filters : result.error;
    };
    expect(filters('subject=in.(hidee,ho)')).toEqual([
      { column: 'subject', op: 'in', value: '{hidee,ho}', negate: false },
    ]);
    expect(filters('subject=not.like.hey%')).toEqual([{ column: 'subject', op: 'like', value: 'hey%', negate: true }]);
    expect(filters('id=gt.0,id=lt.100')).toEqual([
      { column: 'id', op: 'gt', value: '0', negate: false },
      { column: 'id', op: 'lt', value: '100', negate: false },
    ]);
    expect(filters('name=eq."a,b"')).toEqual([{ column: 'name', op: 'eq', value: 'a,b', negate: false }]);
    expect(filters('   ')).toEqual([]);
  });

  it("answers Realtime's errors for what it cannot read", () => {
    expect(parse({ schema: 'public', table: 'messages', filter: 'subject=foo.hey' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["foo", "hey"]',
    });
    expect(parse({ schema: 'public', table: 'messages', filter: 'undefined' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["undefined"]',
    });
    expect(parse({ schema: 'public', table: 'm', filter: 'a=in.x' })).toMatchObject({
      error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    });
    expect(parse({ schema: 'public', table: 'm', filter: 'a=eq.1,,b=eq.2' })).toMatchObject({
      error: 'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)',
    });
    expect(parse({})).toEqual({
      ok: false,
      error: 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}',
    });
  });

  it('defaults like Realtime: any event, all tables of a schema, the public schema', () => {
    expect(parse({ schema: 'public' })).toMatchObject({ params: { action: '*', schema: 'public', table: '*' } });
    expect(parse({ table: 'messages' })).toMatchObject({ params: { schema: 'public', table: 'messages' } });
    expect(parse({ event: 'whatever', schema: 'public' })).toMatchObject({ params: { action: '*' } });
  });

  it('logs parameters the way its error messages show them', () => {
    const result = parse({ event: 'INSERT', schema: 'public', table: 'n', filter: 'user_id=eq.1' });
    expect(result.ok && describeParams(result.params)).toBe(
      'event: INSERT, schema: public, table: n, filters: [{"user_id", "eq", "1", false}], select: nil',
    );
  });
});

describe('pgoutput', () => {
  const text = (value: string) => {
    const bytes = Buffer.from(value);
    const length = Buffer.alloc(4);
    length.writeInt32BE(bytes.length);
    return Buffer.concat([Buffer.from('t'), length, bytes]);
  };
  const int16 = (value: number) => {
    const buffer = Buffer.alloc(2);
    buffer.writeInt16BE(value);
    return buffer;
  };
  const uint32 = (value: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(value);
    return buffer;
  };

  it('decodes an update with the old key, NULLs and unchanged TOAST values', () => {
    const message = Buffer.concat([
      Buffer.from('U'),
      uint32(16384),
      Buffer.from('K'),
      int16(3),
      text('1'),
      Buffer.from('n'),
      Buffer.from('n'),
      Buffer.from('N'),
      int16(3),
      text('2'),
      Buffer.from('u'),
      text('zażółć'),
    ]);
    expect(decodePgOutput(message)).toEqual({
      tag: 'update',
      relationId: 16384,
      oldKind: 'K',
      oldTuple: [{ kind: 'text', value: '1' }, { kind: 'null' }, { kind: 'null' }],
      newTuple: [{ kind: 'text', value: '2' }, { kind: 'unchanged' }, { kind: 'text', value: 'zażółć' }],
    });
  });

  it('reads keepalives and answers with a standby status update', () => {
    const keepalive = Buffer.alloc(18);
    keepalive.write('k', 0);
    keepalive.writeBigUInt64BE(0x1234n, 1);
    keepalive.writeUInt8(1, 17);
    expect(decodeReplicationFrame(keepalive)).toEqual({ kind: 'keepalive', walEnd: 0x1234n, replyRequested: true });
    const reply = standbyStatusUpdate(0x1234n);
    expect(reply.toString('latin1', 0, 1)).toBe('r');
    expect(reply.readBigUInt64BE(9)).toBe(0x1234n);
  });
});

describe('serializers', () => {
  it('reads and writes the 2.0.0 array frames and the 1.0.0 objects', () => {
    const frame = Buffer.from(JSON.stringify(['1', '2', 'realtime:room', 'phx_join', { a: 1 }]));
    expect(decode('2.0.0', frame, false)).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { a: 1 },
    });
    expect(JSON.parse(encodeReply('2.0.0', { joinRef: '1', ref: '2', topic: 't' }, 'ok', {}))).toEqual([
      '1',
      '2',
      't',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    expect(
      JSON.parse(encode('1.0.0', { joinRef: null, ref: null, topic: 't', event: 'system', payloadJson: '{"x":1}' })),
    ).toEqual({
      topic: 't',
      event: 'system',
      payload: { x: 1 },
      ref: null,
    });
  });
});

describe('transaction visibility', () => {
  it('waits for a transaction that a snapshot still counts as running or not yet finished', () => {
    expect(finishedIn('768:768:', 768)).toBe(false);
    expect(finishedIn('760:770:765', 765)).toBe(false);
    expect(finishedIn('760:770:765', 766)).toBe(true);
    expect(finishedIn('769:769:', 768)).toBe(true);
    // Across the 32-bit wrap: xmax in epoch 1, the xid from the end of epoch 0.
    expect(finishedIn(`${2n ** 32n + 3n}:${2n ** 32n + 5n}:`, 4294967290)).toBe(true);
    expect(finishedIn(`${2n ** 32n - 10n}:${2n ** 32n + 5n}:${2n ** 32n - 6n}`, 4294967290)).toBe(false);
  });
});

// A decoder for PostgreSQL's logical replication protocol as the built-in `pgoutput` plugin writes it
// (protocol version 1, text tuples): the messages inside XLogData frames of START_REPLICATION.
// https://www.postgresql.org/docs/17/protocol-logicalrep-message-formats.html

/** Microseconds between the Unix epoch and PostgreSQL's epoch (2000-01-01). */
const PG_EPOCH_MICROS = 946_684_800_000_000n;

export interface RelationColumn {
  name: string;
  typeOid: number;
  typeMod: number;
  /** Part of the replica identity key (flag 1). */
  isKey: boolean;
}

export interface RelationMessage {
  tag: 'relation';
  relationId: number;
  schema: string;
  table: string;
  /** d = default (primary key), n = nothing, f = full, i = index. */
  replicaIdentity: string;
  columns: RelationColumn[];
}

/** One column of a tuple: a value in its text form, SQL NULL, or an unchanged TOASTed value. */
export type TupleValue = { kind: 'text'; value: string } | { kind: 'null' } | { kind: 'unchanged' };

export interface BeginMessage {
  tag: 'begin';
  finalLsn: bigint;
  /** Commit time in microseconds since the Unix epoch. */
  commitTimeMicros: bigint;
  xid: number;
}

export interface CommitMessage {
  tag: 'commit';
  commitLsn: bigint;
  endLsn: bigint;
  commitTimeMicros: bigint;
}

export interface InsertMessage {
  tag: 'insert';
  relationId: number;
  newTuple: TupleValue[];
}

export interface UpdateMessage {
  tag: 'update';
  relationId: number;
  /** 'K': the old key (replica identity columns), 'O': the whole old row (replica identity full). */
  oldKind: 'K' | 'O' | null;
  oldTuple: TupleValue[] | null;
  newTuple: TupleValue[];
}

export interface DeleteMessage {
  tag: 'delete';
  relationId: number;
  oldKind: 'K' | 'O';
  oldTuple: TupleValue[];
}

export interface OtherMessage {
  /** truncate, origin, type, logical message: not delivered by Realtime's postgres_changes. */
  tag: 'other';
  type: string;
}

export type PgOutputMessage =
  RelationMessage | BeginMessage | CommitMessage | InsertMessage | UpdateMessage | DeleteMessage | OtherMessage;

class Reader {
  private offset = 0;

  constructor(private readonly buffer: Buffer) {}

  byte(): number {
    const value = this.buffer.readUInt8(this.offset);
    this.offset += 1;
    return value;
  }

  char(): string {
    return String.fromCharCode(this.byte());
  }

  int16(): number {
    const value = this.buffer.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }

  int32(): number {
    const value = this.buffer.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  uint32(): number {
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  int64(): bigint {
    const value = this.buffer.readBigInt64BE(this.offset);
    this.offset += 8;
    return value;
  }

  uint64(): bigint {
    const value = this.buffer.readBigUInt64BE(this.offset);
    this.offset += 8;
    return value;
  }

  /** A NUL-terminated UTF-8 string. */
  cstring(): string {
    const end = this.buffer.indexOf(0, this.offset);
    if (end < 0) throw new Error('pgoutput: unterminated string');
    const value = this.buffer.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return value;
  }

  bytes(length: number): Buffer {
    const value = this.buffer.subarray(this.offset, this.offset + length);
    if (value.length !== length) throw new Error('pgoutput: truncated message');
    this.offset += length;
    return value;
  }
}

function timestamp(reader: Reader): bigint {
  return reader.int64() + PG_EPOCH_MICROS;
}

function tuple(reader: Reader): TupleValue[] {
  const count = reader.int16();
  const values: TupleValue[] = [];
  for (let index = 0; index < count; index += 1) {
    const kind = reader.char();
    if (kind === 'n') values.push({ kind: 'null' });
    else if (kind === 'u') values.push({ kind: 'unchanged' });
    else if (kind === 't' || kind === 'b') {
      const length = reader.int32();
      values.push({ kind: 'text', value: reader.bytes(length).toString('utf8') });
    } else throw new Error(`pgoutput: unknown tuple column kind "${kind}"`);
  }
  return values;
}

/** Decodes one pgoutput message (the payload of an XLogData frame). */
export function decodePgOutput(buffer: Buffer): PgOutputMessage {
  const reader = new Reader(buffer);
  const type = reader.char();
  switch (type) {
    case 'B':
      return { tag: 'begin', finalLsn: reader.uint64(), commitTimeMicros: timestamp(reader), xid: reader.uint32() };
    case 'C': {
      reader.byte(); // flags, unused
      return {
        tag: 'commit',
        commitLsn: reader.uint64(),
        endLsn: reader.uint64(),
        commitTimeMicros: timestamp(reader),
      };
    }
    case 'R': {
      const relationId = reader.uint32();
      const schema = reader.cstring();
      const table = reader.cstring();
      const replicaIdentity = reader.char();
      const count = reader.int16();
      const columns: RelationColumn[] = [];
      for (let index = 0; index < count; index += 1) {
        const flags = reader.byte();
        columns.push({ name: reader.cstring(), typeOid: reader.uint32(), typeMod: reader.int32(), isKey: flags === 1 });
      }
      return { tag: 'relation', relationId, schema, table, replicaIdentity, columns };
    }
    case 'I': {
      const relationId = reader.uint32();
      const marker = reader.char();
      if (marker !== 'N') throw new Error(`pgoutput: insert without a new tuple ("${marker}")`);
      return { tag: 'insert', relationId, newTuple: tuple(reader) };
    }
    case 'U': {
      const relationId = reader.uint32();
      let marker = reader.char();
      let oldKind: 'K' | 'O' | null = null;
      let oldTuple: TupleValue[] | null = null;
      if (marker === 'K' || marker === 'O') {
        oldKind = marker;
        oldTuple = tuple(reader);
        marker = reader.char();
      }
      if (marker !== 'N') throw new Error(`pgoutput: update without a new tuple ("${marker}")`);
      return { tag: 'update', relationId, oldKind, oldTuple, newTuple: tuple(reader) };
    }
    case 'D': {
      const relationId = reader.uint32();
      const marker = reader.char();
      if (marker !== 'K' && marker !== 'O') throw new Error(`pgoutput: delete without an old tuple ("${marker}")`);
      return { tag: 'delete', relationId, oldKind: marker, oldTuple: tuple(reader) };
    }
    default:
      return { tag: 'other', type };
  }
}

export interface XLogData {
  kind: 'xlogdata';
  walStart: bigint;
  walEnd: bigint;
  data: Buffer;
}

export interface Keepalive {
  kind: 'keepalive';
  walEnd: bigint;
  replyRequested: boolean;
}

/** Decodes a CopyData frame of the replication stream: XLogData ('w') or a primary keepalive ('k'). */
export function decodeReplicationFrame(buffer: Buffer): XLogData | Keepalive | null {
  const reader = new Reader(buffer);
  const type = reader.char();
  if (type === 'w') {
    const walStart = reader.uint64();
    const walEnd = reader.uint64();
    reader.int64(); // server clock
    return { kind: 'xlogdata', walStart, walEnd, data: buffer.subarray(25) };
  }
  if (type === 'k') {
    const walEnd = reader.uint64();
    reader.int64(); // server clock
    return { kind: 'keepalive', walEnd, replyRequested: reader.byte() === 1 };
  }
  return null;
}

/** A standby status update ('r'): everything up to `lsn` is written, flushed and applied. */
export function standbyStatusUpdate(lsn: bigint, now = Date.now()): Buffer {
  const buffer = Buffer.alloc(34);
  buffer.write('r', 0, 'latin1');
  buffer.writeBigUInt64BE(lsn, 1);
  buffer.writeBigUInt64BE(lsn, 9);
  buffer.writeBigUInt64BE(lsn, 17);
  buffer.writeBigInt64BE(BigInt(now) * 1000n - PG_EPOCH_MICROS, 25);
  buffer.writeUInt8(0, 33);
  return buffer;
}

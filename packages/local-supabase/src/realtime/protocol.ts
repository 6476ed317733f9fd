// The Phoenix channel protocol as Realtime speaks it, in both serializer versions realtime-js offers:
// vsn 2.0.0 (its default: text frames holding [join_ref, ref, topic, event, payload]) and vsn 1.0.0
// (JSON objects). Binary frames (user broadcasts) are recognised only to answer them.

export type Vsn = '1.0.0' | '2.0.0';

export const VERSIONS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export class ProtocolError extends Error {}

function refOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

function payloadOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A user broadcast push (kind 3 of realtime-js's binary format): only its refs and topic are read. */
function decodeBinary(frame: Buffer): Message {
  const kind = frame.readUInt8(0);
  if (kind !== 3) throw new ProtocolError(`unexpected binary frame of kind ${kind}`);
  const joinRefSize = frame.readUInt8(1);
  const refSize = frame.readUInt8(2);
  const topicSize = frame.readUInt8(3);
  let offset = 7;
  const take = (size: number) => {
    const text = frame.toString('utf8', offset, offset + size);
    offset += size;
    return text;
  };
  const joinRef = take(joinRefSize);
  const ref = take(refSize);
  const topic = take(topicSize);
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: {} };
}

export function decode(vsn: Vsn, data: Buffer, isBinary: boolean): Message {
  if (isBinary) return decodeBinary(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5)
      throw new ProtocolError('expected [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string')
      throw new ProtocolError('topic and event must be strings');
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload: payloadOf(payload) };
  }
  const object = payloadOf(parsed);
  if (typeof object.topic !== 'string' || typeof object.event !== 'string') {
    throw new ProtocolError('topic and event must be strings');
  }
  return {
    joinRef: refOf(object.join_ref),
    ref: refOf(object.ref),
    topic: object.topic,
    event: object.event,
    payload: payloadOf(object.payload),
  };
}

/** A message to the client; `payloadJson` is the payload already serialised (fan-out reuses it). */
export function encode(vsn: Vsn, message: Omit<Message, 'payload'> & { payloadJson: string }): string {
  const { joinRef, ref, topic, event, payloadJson } = message;
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  }
  // Phoenix's V1 serializer writes topic, event, payload and ref (no join_ref).
  return `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson},"ref":${JSON.stringify(ref)}}`;
}

export function encodeReply(
  vsn: Vsn,
  to: Pick<Message, 'joinRef' | 'ref' | 'topic'>,
  status: 'ok' | 'error',
  response: Record<string, unknown>,
): string {
  return encode(vsn, { ...to, event: 'phx_reply', payloadJson: JSON.stringify({ status, response }) });
}

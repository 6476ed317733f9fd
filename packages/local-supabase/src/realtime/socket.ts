// One WebSocket connection, as a Phoenix socket with Realtime's channel routes: heartbeats on
// "phoenix", joins of "realtime:*" topics, and the messages of joined channels, handled one at a
// time in arrival order (as a channel process would). A socket silent for 60 s is closed (Phoenix's
// transport timeout; realtime-js sends a heartbeat every 25 s), so a client that vanished without
// closing its connection leaves nothing behind.
import type { WebSocket } from 'ws';
import { Channel, type ChannelSocket } from './channel.ts';
import type { RealtimeContext } from './context.ts';
import { realtimeErrors } from './errors.ts';
import { decode, encode, encodeReply, ProtocolError, type Message, type Vsn } from './protocol.ts';

export class RealtimeSocket implements ChannelSocket {
  private readonly channels = new Map<string, Channel>();
  private queue = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private warned = new Set<string>();
  private open = true;

  constructor(
    private readonly ctx: RealtimeContext,
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    readonly tenantToken: string,
    private readonly onClose: (socket: RealtimeSocket) => void,
  ) {
    ws.on('message', (data, isBinary) => {
      this.touch();
      const frame = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      this.queue = this.queue
        .then(() => this.handle(frame, isBinary))
        .catch((error: unknown) => {
          ctx.log.error('realtime', `message handling failed: ${(error as Error).stack ?? String(error)}`);
        });
    });
    ws.on('close', () => this.cleanUp());
    ws.on('error', () => this.cleanUp());
    this.touch();
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.ctx.log.debug('realtime', `closing a socket silent for ${this.ctx.idleTimeoutMs} ms`);
      this.ws.terminate();
      this.cleanUp();
    }, this.ctx.idleTimeoutMs);
    this.idleTimer.unref();
  }

  push(joinRef: string | null, ref: string | null, topic: string, event: string, payloadJson: string): void {
    if (this.open && this.ws.readyState === this.ws.OPEN) {
      this.ws.send(encode(this.vsn, { joinRef, ref, topic, event, payloadJson }));
    }
  }

  private reply(to: Message, status: 'ok' | 'error', response: Record<string, unknown>): void {
    if (this.open && this.ws.readyState === this.ws.OPEN) this.ws.send(encodeReply(this.vsn, to, status, response));
  }

  closed(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private async handle(frame: Buffer, isBinary: boolean): Promise<void> {
    let message: Message;
    try {
      message = decode(this.vsn, frame, isBinary);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.ctx.log.warn('realtime', `closing a socket that sent a frame Phoenix cannot read: ${error.message}`);
      this.ws.close(1003, 'invalid frame');
      return;
    }
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return this.reply(message, 'ok', {});
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      if (message.event === 'phx_leave') return this.reply(message, 'ok', {});
      return this.reply(message, 'error', { reason: realtimeErrors.unmatchedTopic });
    }
    if (message.joinRef !== null && channel.joinRef !== null && message.joinRef !== channel.joinRef) return;
    switch (message.event) {
      case 'phx_leave':
        channel.stop();
        this.channels.delete(message.topic);
        this.reply(message, 'ok', {});
        this.push(channel.joinRef, channel.joinRef, channel.topic, 'phx_close', '{}');
        return;
      case 'access_token':
        return channel.refreshToken(message.payload.access_token);
      case 'broadcast':
      case 'presence':
        return this.notEmulated(message, message.event === 'broadcast' ? 'Broadcast' : 'Presence');
      default:
        this.ctx.log.debug('realtime', `ignored a "${message.event}" message on ${message.topic}`);
    }
  }

  private notEmulated(message: Message, what: string): void {
    if (!this.warned.has(what)) {
      this.warned.add(what);
      this.ctx.log.warn('realtime', `${what} is not emulated: a client used it on ${message.topic}`);
    }
    if (message.ref !== null) this.reply(message, 'error', { reason: realtimeErrors.notEmulated(what) });
  }

  private async join(message: Message): Promise<void> {
    if (!message.topic.startsWith('realtime:')) {
      return this.reply(message, 'error', { reason: realtimeErrors.unmatchedTopic });
    }
    // A second join of a topic replaces the channel (Phoenix closes the existing one).
    this.channels.get(message.topic)?.stop();
    const channel = new Channel(this.ctx, this, message.topic, message.joinRef);
    this.channels.set(message.topic, channel);
    const result = await channel.join(message.payload);
    if (!this.open || this.channels.get(message.topic) !== channel) return channel.stop();
    if (!result.ok) {
      channel.stop();
      this.channels.delete(message.topic);
      return this.reply(message, 'error', { reason: result.reason });
    }
    this.reply(message, 'ok', result.response);
    channel.afterJoin(message.payload, result.subscribed);
  }

  /** Closes the connection (the stack is stopping). */
  close(code = 1001, reason = 'server shutting down'): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(code, reason);
    this.cleanUp();
    setTimeout(() => this.ws.terminate(), 500).unref();
  }

  private cleanUp(): void {
    if (!this.open) return;
    this.open = false;
    clearTimeout(this.idleTimer);
    for (const channel of this.channels.values()) channel.stop();
    this.channels.clear();
    this.onClose(this);
  }

  get channelCount(): number {
    return this.channels.size;
  }
}

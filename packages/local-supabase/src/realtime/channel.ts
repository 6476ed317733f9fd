// One joined channel ("realtime:<name>") of a socket, as RealtimeWeb.RealtimeChannel behaves for
// public channels: the join checks the token and answers with the postgres_changes bindings and
// their ids, then a `system` event says whether the database subscription worked; the token is
// re-checked when it expires (or every 5 minutes) and on `access_token` pushes; a failed check sends
// a `system` error and closes the channel.
import type { RealtimeContext } from './context.ts';
import { realtimeErrors } from './errors.ts';
import { checkToken, joinRefusal, nowSeconds, shutdownMessage, type Claims, type TokenFailure } from './jwt.ts';
import { parseSubscriptionParams, type SubscriptionParams } from './params.ts';
import { createSubscriptions, SubscriptionError, subscriptionId, type Subscription } from './subscriptions.ts';

const CONFIRM_TOKEN_MS = 5 * 60 * 1000;

/** What a channel needs from its socket. */
export interface ChannelSocket {
  /** The API key's JWT, used when the join carries no access token. */
  readonly tenantToken: string;
  push(joinRef: string | null, ref: string | null, topic: string, event: string, payloadJson: string): void;
  /** The channel stopped itself (token expired): forget it. */
  closed(channel: Channel): void;
}

/**
 * A join's answer. `subscribed`: undefined without postgres_changes bindings, null when the database
 * subscription works, else Realtime's error text for the system event.
 */
export type JoinResult =
  | { ok: true; response: Record<string, unknown>; subscribed: string | null | undefined }
  | { ok: false; reason: string };

interface Binding {
  raw: Record<string, unknown>;
  parsed: ReturnType<typeof parseSubscriptionParams>;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

export class Channel {
  readonly subTopic: string;
  claims: Claims = { role: 'anon', exp: 0 };
  private accessToken = '';
  private bindings: Binding[] = [];
  private subscriptions: Subscription[] = [];
  private confirmTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: RealtimeContext,
    private readonly socket: ChannelSocket,
    readonly topic: string,
    readonly joinRef: string | null,
  ) {
    this.subTopic = topic.slice('realtime:'.length);
  }

  async join(payload: Record<string, unknown>): Promise<JoinResult> {
    if (!this.subTopic) return { ok: false, reason: realtimeErrors.topicRequired };
    const config = (payload.config && typeof payload.config === 'object' ? payload.config : {}) as Record<
      string,
      unknown
    >;
    this.accessToken = this.tokenFrom(payload);
    if (isTrue(config.private)) {
      return {
        ok: false,
        reason: `Unauthorized: ${realtimeErrors.notEmulated('Realtime Authorization (private channels)')}`,
      };
    }
    const check = await checkToken(this.accessToken);
    if (!check.ok) return { ok: false, reason: joinRefusal(check) };
    this.claims = check.claims;
    this.scheduleConfirm();
    const list = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    this.bindings = list
      .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object' && !Array.isArray(item))
      .map((raw) => ({ raw, parsed: parseSubscriptionParams(raw) }));
    // Realtime answers the join first and subscribes right after; the emulation subscribes before
    // answering, so a client that waits for SUBSCRIBED misses nothing.
    const subscribed = this.bindings.length ? await this.subscribe() : undefined;
    const response = { postgres_changes: this.bindings.map(({ raw }) => ({ ...raw, id: subscriptionId(raw) })) };
    return { ok: true, response, subscribed };
  }

  /** After the join reply: the postgres_changes system event (and an empty presence state when asked). */
  afterJoin(payload: Record<string, unknown>, subscribed: string | null | undefined): void {
    const config = (payload.config ?? {}) as { presence?: { enabled?: unknown } };
    if (subscribed !== undefined) this.subscribedEvent(subscribed);
    if (isTrue(config.presence?.enabled)) this.socket.push(this.joinRef, null, this.topic, 'presence_state', '{}');
  }

  private subscribedEvent(error: string | null): void {
    this.system('postgres_changes', error === null ? 'ok' : 'error', error ?? realtimeErrors.subscribed);
  }

  /** Creates the subscriptions; null on success, else Realtime's error text. */
  private async subscribe(): Promise<string | null> {
    const list: { raw: Record<string, unknown>; params: SubscriptionParams }[] = [];
    for (const { raw, parsed } of this.bindings) {
      if (!parsed.ok) return parsed.error;
      list.push({ raw, params: parsed.params });
    }
    try {
      const created = await createSubscriptions(this.ctx.db, this.claims, this, list);
      if (this.stopped) return null;
      this.ctx.registry.remove(this.subscriptions);
      this.subscriptions = created;
      this.ctx.registry.add(created);
      return null;
    } catch (error) {
      if (error instanceof SubscriptionError) return error.message;
      this.ctx.log.error('realtime', `subscribing ${this.topic}: ${(error as Error).stack ?? String(error)}`);
      return `Unable to subscribe to changes with given parameters: ${(error as Error).message}`;
    }
  }

  private tokenFrom(payload: Record<string, unknown>): string {
    const given = typeof payload.user_token === 'string' ? payload.user_token : payload.access_token;
    if (typeof given === 'string' && !given.startsWith('sb_')) return given;
    return this.socket.tenantToken;
  }

  /** handle_in("access_token"): a new token is checked, and the subscriptions take its claims. */
  async refreshToken(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.accessToken) return;
    this.accessToken = token;
    const check = await checkToken(token);
    if (this.stopped) return;
    if (!check.ok) return this.shutdown(check);
    this.claims = check.claims;
    this.scheduleConfirm();
    if (!this.bindings.length) return;
    const error = await this.subscribe();
    if (!this.stopped) this.subscribedEvent(error);
  }

  /** The delivery end of a subscription: one postgres_changes message for the bindings that match. */
  deliver(ids: number[], dataJson: string): void {
    if (this.stopped) return;
    this.socket.push(null, null, this.topic, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`);
  }

  private scheduleConfirm(): void {
    clearTimeout(this.confirmTimer);
    const remainingMs = (this.claims.exp - nowSeconds()) * 1000;
    this.confirmTimer = setTimeout(() => void this.confirm(), Math.max(0, Math.min(CONFIRM_TOKEN_MS, remainingMs)));
    this.confirmTimer.unref();
  }

  private async confirm(): Promise<void> {
    const check = await checkToken(this.accessToken);
    if (this.stopped) return;
    if (!check.ok) return this.shutdown(check);
    this.claims = check.claims;
    this.scheduleConfirm();
  }

  /** shutdown_response: a system error, then the channel stops (phx_close). */
  private shutdown(check: TokenFailure): void {
    this.system('system', 'error', shutdownMessage(check));
    this.socket.push(this.joinRef, this.joinRef, this.topic, 'phx_close', '{}');
    this.stop();
    this.socket.closed(this);
  }

  private system(extension: string, status: 'ok' | 'error', message: string): void {
    this.socket.push(
      this.joinRef,
      null,
      this.topic,
      'system',
      JSON.stringify({ extension, status, message, channel: this.subTopic }),
    );
  }

  /** Stops timers and subscriptions (leave, socket closed, duplicate join, shutdown). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.confirmTimer);
    this.ctx.registry.remove(this.subscriptions);
    this.subscriptions = [];
  }
}

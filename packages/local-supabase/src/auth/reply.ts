// What an endpoint of the emulated Auth server answers.
import type { AuthContext, AuthRequest } from './context.ts';

export interface Reply {
  status: number;
  body?: unknown;
  /** A 303 redirect (GET /verify). */
  redirect?: string;
}

export type Endpoint = (ctx: AuthContext, request: AuthRequest) => Promise<Reply>;

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const noContent = (): Reply => ({ status: 204 });
export const seeOther = (location: string): Reply => ({ status: 303, redirect: location });

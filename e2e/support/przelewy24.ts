// The local stack's Przelewy24 sandbox (scripts/stack/przelewy24.ts): where its payment pages are. It
// listens on the API port + 9 unless STACK_PRZELEWY24_PORT moves it.
import { API_URL } from './env';

export const PRZELEWY24_URL = process.env.STACK_PRZELEWY24_PORT
  ? `http://127.0.0.1:${process.env.STACK_PRZELEWY24_PORT}`
  : `http://127.0.0.1:${Number(new URL(API_URL).port) + 9}`;

/** A payment page of the sandbox (/trnRequest/<token>). */
export const SANDBOX_PAGE = new RegExp(`^${PRZELEWY24_URL.replace(/[.]/g, '\\.')}/trnRequest/[A-Z0-9]+$`);

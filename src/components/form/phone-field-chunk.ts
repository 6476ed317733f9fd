import type * as PhoneFieldModule from './phone-field';
import { chunkLoader } from '@/lib/chunk-loader';

/*
 * The phone-input chunk (react-phone-number-input with libphonenumber), loaded on demand: the one
 * loader of registration, the profile settings and the admin's user edit. The field and a form's
 * phone rules (`checkPhone`, for its schema) share one load; a call after a failed load loads it
 * anew (lib/chunk-loader.ts), so every screen can offer a retry.
 */

/** The bundler's import of the chunk (tests replace `load` to make it fail). */
export const phoneFieldChunk = { load: () => import('./phone-field') };

export const loadPhoneModule: () => Promise<typeof PhoneFieldModule> = chunkLoader(() => phoneFieldChunk.load());

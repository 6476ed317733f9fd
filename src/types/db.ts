/**
 * Domain types: aliases of the generated `Database` type (database.types.ts, written by
 * `npm run db:types`, never edited by hand). A hand-written copy of a table's shape is a bug.
 */
import type { Enums, Tables, TablesInsert, TablesUpdate } from './database.types';
import { Constants } from './database.types';

export type Profile = Tables<'profiles'>;
export type ProfileInsert = TablesInsert<'profiles'>;
export type ProfileUpdate = TablesUpdate<'profiles'>;

export type MembershipLevel = Enums<'membership_level'>;
export const MEMBERSHIP_LEVELS: readonly MembershipLevel[] = Constants.public.Enums.membership_level;

import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/types/database.types';

/**
 * The one typed client. Options from account-and-access.md §7: PKCE flow, automatic token
 * refresh, persisted session; the session is never read from the URL (activation and reset
 * exchange their codes explicitly).
 */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  auth: {
    flowType: 'pkce',
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: false,
  },
});

export type AppSupabaseClient = typeof supabase;

// `local-supabase start` (`npm run stack`): the local Supabase stack without Docker; Ctrl-C stops all of it.
//   --reset    start from an empty database (removes .data/stack, or STACK_DATA_DIR)
//   --verbose  log every request
// Environment: STACK_JWT_EXPIRY (access-token lifetime in seconds, for session-expiry work),
// STACK_REFRESH_TOKEN_REUSE_INTERVAL, STACK_API_PORT, STACK_DB_PORT, STACK_INBOX_PORT,
// STACK_SMTP_PORT, STACK_<SERVICE>_PORT (a service of local-supabase.config.ts), STACK_DATA_DIR
// (default .data/stack), STACK_VERBOSE=1.
// The command's entry (bin/local-supabase.mjs); the library entry is index.ts, which starts nothing.
//
// Imported first on purpose: it records the signal listeners that exist before any other module.
import './signals.ts';
import { runStack } from './cli.ts';

await runStack();

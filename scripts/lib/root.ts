// The repository's root, for every script and tooling test (this file is scripts/lib/root.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The folder holding supabase/ (config.toml, migrations, seed.sql); SUPABASE_WORKDIR overrides it. */
export const WORKDIR = process.env.SUPABASE_WORKDIR ? path.resolve(process.env.SUPABASE_WORKDIR) : ROOT;

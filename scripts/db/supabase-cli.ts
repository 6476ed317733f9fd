// Calls the Supabase CLI (npm `supabase`) with a database URL, quietly.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, WORKDIR } from '../lib/root.ts';

const run = promisify(execFile);
const SUPABASE_BIN = path.join(ROOT, 'node_modules/.bin/supabase');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function supabaseCli(args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(SUPABASE_BIN, [...args, '--workdir', WORKDIR], {
      cwd: WORKDIR,
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', PGSSLMODE: 'disable' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string; message: string };
    return {
      code: typeof failure.code === 'number' ? failure.code : 1,
      stdout: failure.stdout ?? '',
      stderr: failure.stderr ?? failure.message,
    };
  }
}

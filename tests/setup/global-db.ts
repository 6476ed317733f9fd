// Vitest global setup of the integration project: one migrated PostgreSQL for the whole run
// (or DATABASE_URL when given), handed to the tests with `inject('databaseUrl')`.
import type { TestProject } from 'vitest/node';
import { startDatabase } from '@klub/local-supabase';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const db = await startDatabase();
  console.log(`[integration] database ready in ${(db.readyInMs / 1000).toFixed(2)} s`);
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.stop();
  };
}

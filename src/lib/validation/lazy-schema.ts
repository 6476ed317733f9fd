/**
 * A schema built on its first use instead of when its module is evaluated. The signed-in shell's
 * chunk holds the first-read fetchers of the main panel and of every section (the menu's prefetch,
 * app/routes/dashboard/first-reads.ts), and with them their answer schemas: built eagerly, each zod object costs
 * start-up time (zod's constructors run for every field) that the first screen may never use. Built
 * once, then the same schema every call.
 */
export function lazySchema<Schema>(build: () => Schema): () => Schema {
  let schema: Schema | undefined;
  return () => (schema ??= build());
}

// Each function has its own deno.json (Supabase deploys a function with its own import map), and
// _shared/deno.json maps what the shared modules and their tests import. A package has one version
// across all of them: a function never runs a shared module against a version it was not tested with.
import assert from 'node:assert/strict';

const FUNCTIONS = new URL('../', import.meta.url);

async function importsOf(folder: string): Promise<Record<string, string>> {
  const config = JSON.parse(await Deno.readTextFile(new URL(`${folder}/deno.json`, FUNCTIONS))) as {
    imports?: Record<string, string>;
  };
  return config.imports ?? {};
}

Deno.test("every function's import map gives each package the version _shared/deno.json gives it", async () => {
  const shared = await importsOf('_shared');
  const root = JSON.parse(await Deno.readTextFile(new URL('deno.json', FUNCTIONS))) as { workspace: string[] };
  const functions = root.workspace.map((member) => member.replace(/^\.\//, '')).filter((name) => name !== '_shared');
  for await (const entry of Deno.readDir(FUNCTIONS)) {
    if (entry.isDirectory && !entry.name.startsWith('_') && entry.name !== 'node_modules') {
      assert.ok(functions.includes(entry.name), `${entry.name} is a workspace member with its own deno.json`);
    }
  }
  for (const name of functions) {
    for (const [specifier, target] of Object.entries(await importsOf(name))) {
      assert.equal(target, shared[specifier], `${name}/deno.json maps ${specifier}`);
    }
  }
});

// How the build groups the modules that lazy chunks share (vite.config.ts, build.rolldownOptions):
// left to itself, the bundler gives every set of sharing chunks a chunk of its own — 53 chunks under
// 1 kB, several requests after a section's own chunk. Here a shared module goes, by who reaches it:
//   - the entry (the landing page): the 'app' group, tagged $initial (vite.config.ts);
//   - the signed-in shell (dashboard layout or home page), alone or with sections: 'dashboard', the
//     shell's one chunk besides its route chunks (the shell downloads these modules anyway);
//   - only admin tabs: 'admin', loaded with the admin layout;
//   - two or more member sections (and maybe admin tabs): 'sections', loaded with the first section;
//   - anything reached from another lazy chunk (the registration form, phone input, Supabase client,
//     dialogs loaded on demand) keeps the bundler's own splitting, so those stay out of the groups.
// So a section costs its route chunk plus, once, 'sections' (and 'admin' for admin tabs).
import type { ChunkingContext } from 'rolldown';

type Area = 'entry' | 'shell' | 'admin' | 'member' | 'other';

const ROUTES = /\/src\/app\/routes\/dashboard\//;
const SHELL = /\/src\/app\/routes\/dashboard\/(layout|home)\.tsx$/;
const ADMIN = /\/src\/app\/routes\/dashboard\/admin\//;

/**
 * Chunk roots (the entry, routes, lazily loaded modules) by area. A lazily loaded module that only
 * dashboard code loads (the notifications panel, the 2FA dialog, the avatar crop) counts as part of
 * the dashboard ('member'): its shared modules may join 'sections'. One that the landing page can
 * load (the registration form, the Supabase client, the phone input) is 'other'.
 */
export function createChunkGroups() {
  const lazyAreas = new Map<string, Area>();

  function rootArea(id: string, ctx: ChunkingContext): Area | null {
    const info = ctx.getModuleInfo(id);
    if (!info) return null;
    if (info.isEntry) return 'entry';
    if (info.dynamicImporters.length === 0) return null;
    if (SHELL.test(id)) return 'shell';
    if (ADMIN.test(id)) return 'admin';
    if (ROUTES.test(id)) return 'member';
    const known = lazyAreas.get(id);
    if (known) return known;
    lazyAreas.set(id, 'other'); // while this one is being worked out (an import cycle)
    const areas = info.dynamicImporters.flatMap((importer) => [...rootsOf(importer, ctx).values()]);
    const area = areas.length > 0 && areas.every((a) => a !== 'entry' && a !== 'other') ? 'member' : 'other';
    lazyAreas.set(id, area);
    return area;
  }

  /** The roots (entry or lazy chunks) from which `id` is reached by static imports, with their areas. */
  function rootsOf(id: string, ctx: ChunkingContext): Map<string, Area> {
    const roots = new Map<string, Area>();
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      const info = ctx.getModuleInfo(current);
      if (!info) continue;
      const area = rootArea(current, ctx);
      if (area) roots.set(current, area);
      // A root also imported statically by others is part of their chunks too: the walk goes on.
      stack.push(...info.importers);
    }
    return roots;
  }

  /** The group a module belongs to, or null for the bundler's default. */
  return function chunkGroupName(id: string, ctx: ChunkingContext): string | null {
    // A route or lazy module keeps a chunk of its own (its address is what `import()` asks for).
    const info = ctx.getModuleInfo(id);
    if (!info || info.isEntry || info.dynamicImporters.length > 0) return null;
    const areas = [...rootsOf(id, ctx).values()];
    if (areas.length === 0 || areas.includes('entry') || areas.includes('other')) return null;
    if (areas.includes('shell')) return 'dashboard';
    if (areas.length < 2) return null;
    return areas.every((area) => area === 'admin') ? 'admin' : 'sections';
  };
}

import { shellChunks } from '../preload-shell';
import { sections } from '../sections';

/** Runs a first-screen chunk list and returns the registry's chunks it asked for (by path). */
async function chunksAsked(chunks: (() => Promise<unknown>)[]): Promise<string[]> {
  const asked: string[] = [];
  const spies = sections.all.map((section) =>
    vi.spyOn(section, 'chunk').mockImplementation(() => {
      asked.push(section.path);
      return Promise.resolve({ Component: () => null });
    }),
  );
  // The shell's own chunk is the first; the page's is the registry's section chunk.
  await Promise.all(chunks.slice(1).map((load) => load()));
  for (const spy of spies) spy.mockRestore();
  return asked;
}

describe("a returning member's first chunks", () => {
  it("are the dashboard shell's and the opened section's", async () => {
    const chunks = shellChunks('/dashboard/wallet/');
    expect(chunks).toHaveLength(2);
    expect(await chunksAsked(chunks)).toEqual(['/dashboard/wallet']);
  });

  it('are the main panel with the shell on /dashboard and on the landing page, which sends a member there', async () => {
    for (const path of ['/dashboard', '/']) {
      const chunks = shellChunks(path);
      expect(chunks).toHaveLength(2);
      expect(await chunksAsked(chunks)).toEqual(['/dashboard']);
    }
  });

  it("are the admin area's landing tab on /dashboard/admin, which opens it", async () => {
    const chunks = shellChunks('/dashboard/admin');
    expect(chunks).toHaveLength(2);
    expect(await chunksAsked(chunks)).toEqual(['/dashboard/admin/smtp']);
  });

  it('are none on pages outside the dashboard', () => {
    expect(shellChunks('/activate')).toEqual([]);
    expect(shellChunks('/dashboardx')).toEqual([]);
  });
});

import { sectionLoaders } from '../section-loaders';
import { shellChunks } from '../preload-shell';

describe("a returning member's first chunks", () => {
  it("are the dashboard shell's and the opened section's", () => {
    const chunks = shellChunks('/dashboard/wallet/');
    expect(chunks).toHaveLength(2);
    expect(chunks[1]).toBe(sectionLoaders['/dashboard/wallet']);
  });

  it('are the main panel with the shell on /dashboard and on the landing page, which sends a member there', () => {
    for (const path of ['/dashboard', '/']) {
      const chunks = shellChunks(path);
      expect(chunks).toHaveLength(2);
      expect(chunks[1]).toBe(sectionLoaders['/dashboard']);
    }
  });

  it('are none on pages outside the dashboard', () => {
    expect(shellChunks('/activate')).toEqual([]);
    expect(shellChunks('/dashboardx')).toEqual([]);
  });
});

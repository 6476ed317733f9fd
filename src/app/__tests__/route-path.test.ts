import { routePath } from '../route-path';

describe('routePath', () => {
  it.each([
    ['/dashboard/wallet/', '/dashboard/wallet'],
    ['/dashboard//', '/dashboard'],
    ['/dashboard', '/dashboard'],
    ['/', '/'],
    ['//', '/'],
  ])('%s → %s', (pathname, path) => {
    expect(routePath(pathname)).toBe(path);
  });
});

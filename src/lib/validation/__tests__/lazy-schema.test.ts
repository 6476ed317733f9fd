import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';

describe('lazySchema', () => {
  it('builds nothing until the schema is first asked for, then builds it once', () => {
    const build = vi.fn(() => z.object({ count: z.number() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    const first = schema();
    expect(first.safeParse({ count: 3 }).success).toBe(true);
    expect(first.safeParse({ count: 'three' }).success).toBe(false);
    expect(schema()).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });
});

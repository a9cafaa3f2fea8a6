import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../web/src/lib/load-once';

describe('loadOnce (the gift form’s rules, loaded at its first use)', () => {
  it('loads once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve('rules'));
    const rules = loadOnce(load);
    expect(await Promise.all([rules(), rules()])).toEqual(['rules', 'rules']);
    expect(await rules()).toBe('rules');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next call, and keeps what then arrives', async () => {
    const lost = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(lost).mockResolvedValue('rules');
    const rules = loadOnce(load);
    await expect(rules()).rejects.toBe(lost);
    expect(await rules()).toBe('rules');
    expect(await rules()).toBe('rules');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

/**
 * A loader that loads once and hands every caller the same promise; a load that fails (a chunk the
 * network did not bring) is tried again at the next call instead of failing for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

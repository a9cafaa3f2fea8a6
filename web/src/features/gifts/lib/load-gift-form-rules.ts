/** The gift form's rules (gift-form-rules.ts), loaded once; a failed load is tried again at the next call. */
let loading: Promise<typeof import('./gift-form-rules')> | null = null;

export function loadGiftFormRules(): Promise<typeof import('./gift-form-rules')> {
  loading ??= import('./gift-form-rules').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

import { loadOnce } from '../../../lib/load-once';

/** The gift form's rules (gift-form-rules.ts), loaded at the form's first use. */
export const loadGiftFormRules = loadOnce(() => import('./gift-form-rules'));

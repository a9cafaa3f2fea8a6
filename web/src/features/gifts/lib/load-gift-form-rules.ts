import { recoveringImport } from '@/lib/chunk-recovery';
import { loadOnce } from '@/lib/load-once';

/** The gift form's rules (gift-form-rules.ts), loaded at the form's first use; gone with a new release, the page reloads into it. */
export const loadGiftFormRules = loadOnce(recoveringImport(() => import('./gift-form-rules')));

import { DomainError } from '../errors';

/**
 * The guest list's filters, each a query parameter of GET /api/registries/{id}/guests with the
 * values it takes (`?gave=no`, `?gave=yes&thanked=no`, `?rsvp=none`). A filter for another column
 * of the list (invited) is one more entry here and one more test in guest-state.ts.
 */
export const GUEST_FILTERS = {
  invited: ['yes', 'no'],
  gave: ['yes', 'no'],
  thanked: ['yes', 'no'],
  /** The guest's answer; none: not answered yet. */
  rsvp: ['yes', 'no', 'maybe', 'none'],
} as const;

export type GuestFilterName = keyof typeof GUEST_FILTERS;
export type GuestFilters = { [name in GuestFilterName]?: (typeof GUEST_FILTERS)[name][number] };

function refuse(field: string, message: string): never {
  throw new DomainError('validation.failed', message, { [field]: message });
}

/** Reads the list's query string; a parameter it does not offer, or a value it does not take, is refused. */
export function parseGuestListQuery(query: unknown): GuestFilters {
  const params = (query ?? {}) as Record<string, unknown>;
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (!Object.hasOwn(GUEST_FILTERS, name))
      refuse(name, `Unknown parameter: ${name}. The filters are ${Object.keys(GUEST_FILTERS).join(', ')}`);
    const allowed: readonly string[] = GUEST_FILTERS[name as GuestFilterName];
    if (typeof value !== 'string') refuse(name, `Give ${name} once`);
    if (!allowed.includes(value)) refuse(name, `${name} must be ${allowed.join(' or ')}`);
    filters[name] = value;
  }
  return filters as GuestFilters;
}

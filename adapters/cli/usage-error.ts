import { isUuid } from '@core/ids';

/** The command line was wrong (not the action it asked for): the usage text follows the message. */
export class UsageError extends Error {}

export function requireId(id: string | undefined, what: string): string {
  if (!id) throw new UsageError(`Missing the ${what} id.`);
  if (!isUuid(id)) throw new UsageError(`"${id}" is not a ${what} id (ids look like 3f2a…-…; the list commands show them).`);
  return id;
}

import Router from '@koa/router';
import { DomainError } from '@core/errors';
import { addGuest, importGuests } from '@core/guest/add-guests';
import { copyGuestLink } from '@core/guest/guest-link';
import { listGuests } from '@core/guest/list-guests';
import { matchGiftToGuest } from '@core/guest/match-gift-to-guest';
import { hasPostalAddress } from '@core/guest/postal-addresses';
import { removeGuest } from '@core/guest/remove-guest';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { SecretTokens } from '@core/ports/secret-tokens';
import type { GuestLinkTokens } from '@core/ports/guest-link-tokens';
import { requireSignedIn } from '@core/access/registry-access';
import { csvLines } from '../csv-lines';
import type { HttpState } from '../http-state';
import { guestAddressesCsv } from '../presenters/guest-addresses-csv';
import { presentGiftMatched, presentGuestLink, presentGuestList, presentGuestRemoved, presentGuestsAdded } from '../presenters/guests';
import { readRawBody } from '../raw-body';

/** A list of a few hundred households is a few tens of kilobytes; this leaves room for long addresses. */
const GUEST_CSV_LIMIT = 512 * 1024;

/** The file's text; a spreadsheet saved in another encoding is refused rather than read into wrong names. */
function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DomainError('validation.failed', 'The file is not UTF-8 text: save it as “CSV UTF-8” and import it again');
  }
}

/** The family's guest list (core/access/guest-access.ts says who may keep it). */
export function guestRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  tokens: SecretTokens;
  linkTokens: GuestLinkTokens;
  publicUrl: string;
}) {
  const router = new Router<HttpState>();
  const { repositories } = ports;

  router.get('/api/registries/:id/guests', async (ctx) => {
    ctx.body = presentGuestList(await listGuests(ctx.params.id ?? '', ctx.query, { ...repositories, user: ctx.state.user }));
  });

  router.get('/api/registries/:id/guests/addresses', async (ctx) => {
    const { guests } = await listGuests(ctx.params.id ?? '', ctx.query, { ...repositories, user: ctx.state.user });
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', 'attachment; filename="guest-addresses.csv"');
    // Guests' home addresses, for the family alone: not for a shared cache.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = guestAddressesCsv(guests.map((state) => state.guest).filter(hasPostalAddress));
  });

  router.post('/api/registries/:id/guests', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    const target = { user, unitOfWork: repositories };
    let added;
    if (ctx.is('text/csv')) {
      // The body parser reads JSON alone; a list's bytes are read here, bounded.
      const bytes = await readRawBody(ctx, GUEST_CSV_LIMIT);
      added = await importGuests(ctx.params.id ?? '', () => csvLines(utf8Text(bytes)), target);
    } else {
      added = await addGuest(ctx.params.id ?? '', ctx.request.body, target);
    }
    ctx.status = 201;
    ctx.body = presentGuestsAdded(added);
  });

  router.post('/api/registries/:id/guests/:guestId/link', async (ctx) => {
    const link = await copyGuestLink(ctx.params.id ?? '', ctx.params.guestId ?? '', {
      ...repositories,
      tokens: ports.tokens,
      linkTokens: ports.linkTokens,
      publicUrl: ports.publicUrl,
      user: ctx.state.user,
    });
    // The token is in the answer: no cache keeps it (every /api answer is no-store already).
    ctx.body = presentGuestLink(link);
  });

  router.put('/api/offline-gifts/:id/guest', async (ctx) => {
    const guest = await matchGiftToGuest(ctx.params.id ?? '', ctx.request.body, { ...repositories, user: ctx.state.user });
    ctx.body = presentGiftMatched(guest);
  });

  router.delete('/api/guests/:id', async (ctx) => {
    await removeGuest(ctx.params.id ?? '', { ...repositories, user: ctx.state.user });
    ctx.body = presentGuestRemoved();
  });

  return router;
}

import Router from '@koa/router';
import { DomainError } from '@core/errors';
import type { GuestService } from '@core/guest/guest-service';
import { hasPostalAddress } from '@core/guest/postal-addresses';
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
export function guestRoutes(ports: { guestList: GuestService }) {
  const router = new Router<HttpState>();
  const { guestList } = ports;

  router.get('/api/registries/:id/guests', async (ctx) => {
    ctx.body = presentGuestList(await guestList.list(ctx.state.user, ctx.params.id ?? '', ctx.query));
  });

  router.get('/api/registries/:id/guests/addresses', async (ctx) => {
    const { guests } = await guestList.list(ctx.state.user, ctx.params.id ?? '', ctx.query);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', 'attachment; filename="guest-addresses.csv"');
    // Guests' home addresses, for the family alone: not for a shared cache.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = guestAddressesCsv(guests.map((state) => state.guest).filter(hasPostalAddress));
  });

  router.post('/api/registries/:id/guests', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    let added;
    if (ctx.is('text/csv')) {
      // The body parser reads JSON alone; a list's bytes are read here, bounded.
      const bytes = await readRawBody(ctx, GUEST_CSV_LIMIT);
      added = await guestList.import(user, ctx.params.id ?? '', () => csvLines(utf8Text(bytes)));
    } else {
      added = await guestList.add(user, ctx.params.id ?? '', ctx.request.body);
    }
    ctx.status = 201;
    ctx.body = presentGuestsAdded(added);
  });

  router.post('/api/registries/:id/guests/:guestId/link', async (ctx) => {
    const link = await guestList.copyLink(ctx.state.user, ctx.params.id ?? '', ctx.params.guestId ?? '');
    // The token is in the answer: no cache keeps it (every /api answer is no-store already).
    ctx.body = presentGuestLink(link);
  });

  router.put('/api/offline-gifts/:id/guest', async (ctx) => {
    const guest = await guestList.matchGift(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    ctx.body = presentGiftMatched(guest);
  });

  router.delete('/api/guests/:id', async (ctx) => {
    await guestList.remove(ctx.state.user, ctx.params.id ?? '');
    ctx.body = presentGuestRemoved();
  });

  return router;
}

import Router from '@koa/router';
import type { Clock } from '@core/ports/clock';
import type { PhotoStore } from '@core/ports/photo-store';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { listContributors } from '@core/thank-you/list-contributors';
import { markThankYouNoteGiven } from '@core/thank-you/mark-note-given';
import { saveThankYouNote } from '@core/thank-you/save-thank-you-note';
import { sendThankYouNote } from '@core/thank-you/send-thank-you-note';
import { sendCardToAll } from '@core/thank-you/send-card-to-all';
import { requireSignedIn } from '@core/access/registry-access';
import { countAttempt, networkOf, type AttemptLimits } from '../attempt-limiter';
import { typedAddressBudget } from '../typed-address-budget';
import type { HttpState } from '../http-state';
import { presentCardForAll, presentContributor, presentGivenNote, presentNote, presentSentNote } from '../presenters/thank-you';

export function thankYouRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  photos: PhotoStore;
  clock: Clock;
  appUrl: string;
  limits: AttemptLimits;
}) {
  const router = new Router<HttpState>();
  const { repositories } = ports;

  router.get('/api/registries/:id/contributors', async (ctx) => {
    const contributors = await listContributors(ctx.params.id ?? '', { ...repositories, user: ctx.state.user });
    ctx.body = contributors.map(presentContributor);
  });

  router.post('/api/thank-you-notes', async (ctx) => {
    ctx.body = presentNote(await saveThankYouNote(ctx.request.body, { ...repositories, photos: ports.photos, user: ctx.state.user }));
  });

  router.post('/api/thank-you-notes/:id/send', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    await countAttempt([[ports.limits.thankYouSendsPerAccount, user.id]], 'thank-you cards sent');
    const note = await sendThankYouNote(ctx.params.id ?? '', ctx.request.body, {
      user: ctx.state.user,
      unitOfWork: repositories,
      clock: ports.clock,
      appUrl: ports.appUrl,
      typedAddresses: typedAddressBudget(ports.limits, user.id, networkOf(ctx.ip)),
    });
    ctx.body = presentSentNote(note);
  });

  router.post('/api/registries/:id/thank-you-cards', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    const result = await sendCardToAll(ctx.params.id ?? '', ctx.request.body, {
      user,
      typedAddresses: typedAddressBudget(ports.limits, user.id, networkOf(ctx.ip)),
      unitOfWork: repositories,
      photos: ports.photos,
      clock: ports.clock,
      appUrl: ports.appUrl,
    });
    ctx.body = presentCardForAll(result);
  });

  // A printed card of a gift given by hand, handed to the giver: counted as sent, no e-mail.
  router.post('/api/thank-you-notes/:id/given', async (ctx) => {
    ctx.body = presentGivenNote(
      await markThankYouNoteGiven(ctx.params.id ?? '', { user: ctx.state.user, unitOfWork: repositories, clock: ports.clock }),
    );
  });

  return router;
}

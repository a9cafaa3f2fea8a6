import type { PublicConfig } from '@api/system';
import type { ServerCall } from '@api/server-rendering';
import { isUuid } from '@core/ids';
import { isDomainError } from '@core/errors';
import type { Repositories } from '@core/ports/repositories';
import type { InvitationService } from '@core/invitation/invitation-service';
import type { RegistryService } from '@core/registry/registry-service';
import { isShortCode } from '@core/registry/short-code';
import { presentCharity } from './presenters/charities';
import { presentRegistry, presentRegistrySummary } from './presenters/registries';
import { presentConfig } from './presenters/system';
import { presentInvitation } from './presenters/invitations';
import type { VisitorRegistryView } from './visitor-registry-view';

type Ports = {
  registries: Pick<RegistryService, 'listRecent'>;
  invitations: Pick<InvitationService, 'view'>;
  /** The partner charities' list has no use case: the page reads it as its route does. */
  charities: Pick<Repositories['charities'], 'listActive'>;
  registryView: VisitorRegistryView;
  publicConfig: PublicConfig;
};

/** The public GET calls a guest page is rendered from, answered as a visitor's browser would be answered by the API. */
const CALLS: { path: RegExp; answer: (param: string | undefined, ports: Ports) => Promise<unknown> }[] = [
  { path: /^\/api\/config$/, answer: async (_, ports) => presentConfig(ports.publicConfig) },
  { path: /^\/api\/charities$/, answer: async (_, ports) => (await ports.charities.listActive()).map(presentCharity) },
  {
    path: /^\/api\/registries\/recent$/,
    answer: async (_, ports) => (await ports.registries.listRecent()).map(presentRegistrySummary),
  },
  {
    path: /^\/api\/registries\/([^/?]+)$/,
    answer: async (id, ports) => (id && isUuid(id) ? presentRegistry(await ports.registryView(id)) : undefined),
  },
  {
    path: /^\/api\/invitations\/([^/?]+)$/,
    answer: async (token, ports) => presentInvitation(await ports.invitations.view(token ?? '')),
  },
];

const notFound = (error: unknown) => isDomainError(error) && (error.code === 'registry.not_found' || error.code === 'invitation.not_found');

/**
 * Answers the calls of a guest page being rendered on the server, as a visitor: the same
 * presenters as the API, passed through JSON as the browser receives them, so the page the server
 * draws is the page the browser draws. A registry that is not there, or a call not listed, has no
 * answer (undefined).
 */
export function guestPageCalls(ports: Ports): ServerCall {
  return async (path) => {
    for (const call of CALLS) {
      const found = call.path.exec(path);
      if (!found) continue;
      try {
        const body = await call.answer(found[1], ports);
        return body === undefined ? undefined : (JSON.parse(JSON.stringify(body)) as unknown);
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    }
    return undefined;
  };
}

/** The registry a short link (/r/{code}) names, or null: the server sends the guest straight to its page. */
export function shortLinkTarget(ports: { registries: Pick<RegistryService, 'viewByShortCode'> }) {
  return async (shortCode: string): Promise<string | null> => {
    const code = shortCode.toLowerCase();
    if (!isShortCode(code)) return null;
    try {
      return (await ports.registries.viewByShortCode(null, code)).registry.id;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
}

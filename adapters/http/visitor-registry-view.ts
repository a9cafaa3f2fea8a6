import type { RegistryDetails } from '@core/registry/registry-details';
import type { RegistryService } from '@core/registry/registry-service';

/** A registry as a visitor sees it (no one signed in), by id. */
export type VisitorRegistryView = (id: string) => Promise<RegistryDetails>;

/**
 * Reads a registry once for the lookups of it made at the same moment: a guest's page asks for its
 * link preview and for the page's own data side by side, and guests opening the same invitation
 * together share the read in flight. Nothing is kept once the read is over, so a later lookup
 * always sees the registry as it is then. Callers only read what they are given.
 */
export function visitorRegistryView(registries: Pick<RegistryService, 'view'>): VisitorRegistryView {
  const inFlight = new Map<string, Promise<RegistryDetails>>();
  return (id) => {
    const reading = inFlight.get(id);
    if (reading) return reading;
    const read = registries.view(null, id).finally(() => inFlight.delete(id));
    inFlight.set(id, read);
    return read;
  };
}

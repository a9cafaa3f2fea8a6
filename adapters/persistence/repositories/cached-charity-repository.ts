import type { Charity, CharityDetails, NewCharity } from '@core/model/charity';
import type { CharityRepository } from '@core/ports/charity-repository';

/** How long another instance's change to a charity may take to show here. */
export const CHARITY_CACHE_TTL_MS = 30_000;

/** Reads as the inner repository does, and says so after every change (to empty a cache). */
export class InvalidatingCharityRepository implements CharityRepository {
  constructor(
    protected readonly inner: CharityRepository,
    private readonly onChange: () => void = () => undefined,
  ) {}

  protected changed(): void {
    this.onChange();
  }

  async create(charity: NewCharity): Promise<Charity> {
    const created = await this.inner.create(charity);
    this.changed();
    return created;
  }

  async setActive(id: string, isActive: boolean): Promise<Charity> {
    const changed = await this.inner.setActive(id, isActive);
    this.changed();
    return changed;
  }

  async setDetails(id: string, details: CharityDetails): Promise<Charity> {
    const changed = await this.inner.setDetails(id, details);
    this.changed();
    return changed;
  }

  findById(id: string): Promise<Charity | null> {
    return this.inner.findById(id);
  }

  listAll(): Promise<Charity[]> {
    return this.inner.listAll();
  }

  listActive(): Promise<Charity[]> {
    return this.inner.listActive();
  }

  count(): Promise<number> {
    return this.inner.count();
  }
}

/**
 * The partner charities change only by an administrator's hand, yet every registry page, search and
 * gift form reads them. This keeps the whole list in memory: a change made through this instance is
 * seen at once, one made on another instance within the TTL.
 */
export class CachedCharityRepository extends InvalidatingCharityRepository {
  private cached: { charities: Promise<Charity[]>; loadedAt: number } | null = null;

  constructor(
    inner: CharityRepository,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = CHARITY_CACHE_TTL_MS,
  ) {
    super(inner);
  }

  invalidate(): void {
    this.cached = null;
  }

  protected override changed(): void {
    this.invalidate();
  }

  private all(): Promise<Charity[]> {
    if (!this.cached || this.now() - this.cached.loadedAt >= this.ttlMs) {
      const charities = this.inner.listAll();
      this.cached = { charities, loadedAt: this.now() };
      // A failed load is not kept: the next read asks the database again.
      charities.catch(() => {
        if (this.cached?.charities === charities) this.cached = null;
      });
    }
    return this.cached.charities;
  }

  override async findById(id: string): Promise<Charity | null> {
    const found = (await this.all()).find((charity) => charity.id === id);
    return found ? { ...found } : null;
  }

  override async listAll(): Promise<Charity[]> {
    return (await this.all()).map((charity) => ({ ...charity }));
  }

  override async listActive(): Promise<Charity[]> {
    return (await this.all()).filter((charity) => charity.isActive).map((charity) => ({ ...charity }));
  }

  override async count(): Promise<number> {
    return (await this.all()).length;
  }
}

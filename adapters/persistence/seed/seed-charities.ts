import { CharityEntity, type CharityRow } from '../entities/charity-entity';
import { onceAcrossInstances, type Orm } from '../orm';
import { CHARITY_SEED } from './charity-seed';

/** Fills an empty charities table with our partner charities; a table with any row is left alone. */
export function seedCharities(orm: Orm): Promise<number> {
  return onceAcrossInstances(orm, async (em) => {
    if ((await em.count(CharityEntity, {})) > 0) return 0;
    const now = new Date();
    for (const charity of CHARITY_SEED) {
      em.create(CharityEntity, { ...charity, isActive: true, createdAt: now } as CharityRow);
    }
    await em.flush();
    return CHARITY_SEED.length;
  });
}

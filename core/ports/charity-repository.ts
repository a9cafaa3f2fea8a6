import type { Charity, CharityDetails, NewCharity } from '../model/charity';

export interface CharityRepository {
  create(charity: NewCharity): Promise<Charity>;
  findById(id: string): Promise<Charity | null>;
  /** Active and inactive, ordered by name. */
  listAll(): Promise<Charity[]>;
  listActive(): Promise<Charity[]>;
  setActive(id: string, isActive: boolean): Promise<Charity>;
  /** Records the charity's legal details, all at once; fails with charity.not_found for an unknown id. */
  setDetails(id: string, details: CharityDetails): Promise<Charity>;
  count(): Promise<number>;
}

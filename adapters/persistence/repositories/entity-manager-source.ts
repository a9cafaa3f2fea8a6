import type { SqlEntityManager } from '@mikro-orm/sql';

/**
 * Where a repository gets its EntityManager: a fresh fork per call outside a transaction (so no
 * identity map outlives a call), or the transaction's own manager inside one.
 */
export type EntityManagerSource = () => SqlEntityManager;

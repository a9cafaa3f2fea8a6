import { Migration20261121000000Initial } from './Migration20261121000000Initial';

/** Every migration, in order. Listed here rather than discovered so the server can run from any folder. */
export const MIGRATIONS = [
  { name: 'Migration20261121000000Initial', class: Migration20261121000000Initial },
];

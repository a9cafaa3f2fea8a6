import { Migration20261121000000Initial } from './Migration20261121000000Initial';
import { Migration20261121070000RegistrySearch } from './Migration20261121070000RegistrySearch';
import { Migration20261121080000MailOutbox } from './Migration20261121080000MailOutbox';
import { Migration20261121083836ClosingAndPayouts } from './Migration20261121083836ClosingAndPayouts';

/** Every migration, in order. Listed here rather than discovered so the server can run from any folder. */
export const MIGRATIONS = [
  { name: 'Migration20261121000000Initial', class: Migration20261121000000Initial },
  { name: 'Migration20261121070000RegistrySearch', class: Migration20261121070000RegistrySearch },
  { name: 'Migration20261121080000MailOutbox', class: Migration20261121080000MailOutbox },
  { name: 'Migration20261121083836ClosingAndPayouts', class: Migration20261121083836ClosingAndPayouts },
];

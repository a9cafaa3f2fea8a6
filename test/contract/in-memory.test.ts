import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemorySandboxAccountStore } from '../../adapters/in-memory/in-memory-sandbox-account-store';
import { repositoryContract } from './repositories.contract';
import { sandboxAccountStoreContract } from './sandbox-account-store.contract';

repositoryContract('in-memory fakes', async () => createInMemoryRepositories());
sandboxAccountStoreContract('in-memory fake', async () => new InMemorySandboxAccountStore());

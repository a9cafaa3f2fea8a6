import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { repositoryContract } from './repositories.contract';

repositoryContract('in-memory fakes', async () => createInMemoryRepositories());

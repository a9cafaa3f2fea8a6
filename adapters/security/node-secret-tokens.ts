import { createHash, randomBytes } from 'node:crypto';
import type { SecretTokens } from '@core/ports/secret-tokens';

export const nodeSecretTokens: SecretTokens = {
  create: () => randomBytes(32).toString('base64url'),
  digest: (token) => createHash('sha256').update(token).digest('hex'),
};

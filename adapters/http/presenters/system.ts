import type { PublicConfig } from '@api/system';

export function presentHealthy() {
  return { status: 'ok' as const, database: 'ok' as const };
}

export function presentUnhealthy() {
  return { status: 'unavailable' as const, database: 'unavailable' as const, message: 'The database is not answering' };
}

export function presentShuttingDown() {
  return { status: 'shutting_down' as const, message: 'This instance is shutting down' };
}

export function presentAlive() {
  return { status: 'ok' as const };
}

export function presentConfig(config: PublicConfig) {
  return config satisfies PublicConfig;
}

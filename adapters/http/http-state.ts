import type { ParameterizedContext } from 'koa';
import type { User } from '@core/model/user';
import type { Logger } from './logger';

export interface HttpState {
  requestId: string;
  log: Logger;
  /** The signed-in user, loaded fresh from the database on every request. */
  user: User | null;
}

export type HttpContext = ParameterizedContext<HttpState>;

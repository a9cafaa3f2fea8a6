import type { Middleware } from 'koa';
import type { HttpState } from '../http-state';

/**
 * Behind a TLS proxy (an https PUBLIC_URL), every request was https on the way in, even one whose
 * proxy forgot to say so in X-Forwarded-Proto. Koa would then refuse to set the Secure session
 * cookie and fail every sign-in; instead the cookie is set as it should be, and the operator is
 * told once what to fix.
 */
export function secureCookiesBehindProxy(): Middleware<HttpState> {
  let warned = false;
  return async (ctx, next) => {
    if (!ctx.secure) {
      if (!warned) {
        warned = true;
        ctx.state.log.warn(
          { forwardedProto: ctx.get('X-Forwarded-Proto') || null },
          'A request arrived without X-Forwarded-Proto: https although PUBLIC_URL is https; set that header at the proxy. Session cookies stay Secure.',
        );
      }
      ctx.cookies.secure = true;
    }
    await next();
  };
}

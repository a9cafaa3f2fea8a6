import type { Ref } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

type LinkBehaviorProps = Omit<RouterLinkProps, 'to'> & {
  href: RouterLinkProps['to'];
  ref?: Ref<HTMLAnchorElement>;
};

/** In-page anchors, other schemes (data: for downloads), other sites and server paths are plain links, not routes. */
function isPlainHref(href: string): boolean {
  return /^(#|mailto:|tel:|data:|blob:|https?:|\/\/|\/api\/)/i.test(href);
}

/**
 * MUI's Link and buttons with an href navigate through the router (set as the theme's default
 * link component), so `<Button href="/charities">` needs no full page load.
 */
export function LinkBehavior({ href, ref, ...other }: LinkBehaviorProps) {
  if (typeof href === 'string' && isPlainHref(href)) {
    return <a ref={ref} href={href} {...other} />;
  }
  return <RouterLink ref={ref} to={href} {...other} />;
}

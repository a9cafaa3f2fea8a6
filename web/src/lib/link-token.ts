/**
 * The token of an e-mailed link (password reset, e-mail change). It travels in the fragment
 * (#token=…), which browsers never send to a server, so no log or Referer header ever holds it.
 */
export function linkTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}

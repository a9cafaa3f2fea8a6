import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const CONNECT_PARAM = 'connect';
export type ConnectReturn = 'return' | 'refresh';

export function connectReturnOf(value: string | null): ConnectReturn | null {
  return value === 'return' || value === 'refresh' ? value : null;
}

/**
 * The provider's pages send the family back with ?connect=return (done) or ?connect=refresh (the
 * link expired). Read once as the page opens, handed to `onReturn` once, and taken out of the
 * address so that a reload does not repeat it.
 */
export function useConnectReturn(onReturn: (connect: ConnectReturn) => void): ConnectReturn | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const [connect] = useState(() => connectReturnOf(searchParams.get(CONNECT_PARAM)));
  const handled = useRef(false);
  useEffect(() => {
    if (!connect || handled.current) return;
    handled.current = true;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONNECT_PARAM);
        return next;
      },
      { replace: true },
    );
    onReturn(connect);
    // Runs once, for the parameter the page was opened with.
  }, []);
  return connect;
}

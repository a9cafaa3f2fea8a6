import { useState } from 'react';
import { useLocation } from 'react-router';
import { serverMessage } from './error-message';
import { linkTokenFrom } from './link-token';

export interface LinkOutcome {
  ok: boolean;
  message: string;
}

/**
 * A page an e-mailed link opens (#token=…) that acts only when its button is clicked, so a mail
 * program that opens links by itself to check them changes nothing. Answers the token (null when
 * the link is incomplete), whether the call is under way, its outcome in words, and the click.
 */
export function useLinkAction(act: (token: string) => Promise<{ message: string }>, failureFallback: string) {
  const { hash } = useLocation();
  const [token] = useState(() => linkTokenFrom(hash));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);

  const run = async () => {
    if (!token) return;
    setBusy(true);
    try {
      setOutcome({ ok: true, message: (await act(token)).message });
    } catch (error) {
      setOutcome({ ok: false, message: serverMessage(error, failureFallback) });
    } finally {
      setBusy(false);
    }
  };

  return { token, busy, outcome, run };
}

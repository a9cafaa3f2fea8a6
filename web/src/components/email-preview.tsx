import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';

const INITIAL_HEIGHT = 520;
const MIN_HEIGHT = 160;

/**
 * What the preview frame may do: nothing but show the message. Browsers that support embedded
 * enforcement (Chromium) apply it to the frame; everywhere else the page's own policy, which the
 * frame inherits, already refuses inline scripts. Everything typed into the card is escaped by
 * the renderer as well.
 */
const CARD_FRAME_POLICY = "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'";

/**
 * The live preview of an e-mail (a thank-you card, an invitation): the very HTML the e-mail
 * carries (docs/architecture.md#the-web-app), in a frame of its own so its styles and the page's
 * never mix, sized to the message so it never scrolls inside.
 *
 * The frame has no sandbox attribute on purpose: a sandbox without scripts also stops the
 * accessibility checker and the browser-test tools from reading the card, and without the page's
 * origin the frame's height cannot be read. The policy above keeps scripts out instead.
 */
export function EmailPreview({ html, title }: { html: string; title: string }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT);

  const measure = useCallback(() => {
    const body = frameRef.current?.contentDocument?.body;
    if (!body) return;
    const measured = Math.ceil(body.getBoundingClientRect().height);
    if (measured > 0) setHeight(Math.max(MIN_HEIGHT, measured));
  }, []);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    // The load event waits for the photos, so the height includes them; a narrower frame makes
    // the card taller, so a change of width measures again.
    frame.addEventListener('load', measure);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => measure());
    observer?.observe(frame);
    return () => {
      frame.removeEventListener('load', measure);
      observer?.disconnect();
    };
  }, [measure]);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.paper' }}>
      <iframe
        ref={frameRef}
        title={title}
        srcDoc={html}
        // Not among React's typed attributes; passed through to the element as is.
        {...{ csp: CARD_FRAME_POLICY }}
        referrerPolicy="no-referrer"
        style={{ display: 'block', width: '100%', height, border: 0 }}
      />
    </Box>
  );
}

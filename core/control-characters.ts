/** Line breaks, tabs, NUL and the other C0 control characters, DEL, and the C1 control characters. */
export function hasControlCharacters(text: string): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): each makes the text after
 * it be drawn in a direction of its choosing, so a name holding one can show its letters reversed
 * ("elpmaxe.live" reading as "evil.example") and carry that into whatever quotes it. The marks
 * U+200E, U+200F and U+061C are left: they only place the punctuation beside them, never reverse
 * letters, and Hebrew or Arabic text pasted from elsewhere often holds them.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

export function hasDirectionControls(text: string): boolean {
  return DIRECTION_CONTROLS.test(text);
}

const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085]+/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const OTHER_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text stored before names refused these characters, made safe to show on one line (a title, a
 * subject, a link preview): line breaks and tabs become a space, every other control character and
 * direction control is dropped.
 */
export function oneLineText(text: string): string {
  return text.replace(LINE_BREAKS_AND_TABS, ' ').replace(OTHER_CONTROLS, '');
}

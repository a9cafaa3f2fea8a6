/** Line breaks, tabs, NUL and the other C0 control characters, and DEL. */
export function hasControlCharacters(text: string): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

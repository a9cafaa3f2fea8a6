/** Text made safe to place in HTML: a giver's name or message can never become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

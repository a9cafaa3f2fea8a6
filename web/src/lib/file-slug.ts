/** "Noah Cohen" → "noah-cohen"; names in any script are kept, anything else becomes a dash. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'registry';
}

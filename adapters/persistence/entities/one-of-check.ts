/**
 * A check constraint's expression that a column holds one of core's listed values, so that the
 * database and the domain keep one list (a value added in core reaches the schema through the next
 * migration, which `npm run migration:create` writes from this).
 */
export function oneOf(column: string, values: readonly string[], options: { nullable?: boolean } = {}): string {
  const listed = `"${column}" in (${values.map((value) => `'${value}'`).join(', ')})`;
  return options.nullable ? `"${column}" is null or ${listed}` : listed;
}

/**
 * The row a statement always returns: an aggregate (count, max) or an
 * INSERT … RETURNING / upsert. Its absence would be a fault in the statement
 * or the database, never a visitor's mistake, so it throws, naming the statement.
 */
export function oneRow<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`The database returned no row for ${what}.`);
  return row;
}

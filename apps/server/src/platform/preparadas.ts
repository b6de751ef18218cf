/**
 * The gate's reads run thousands of times a minute with the same shape: building their SQL with the query builder
 * on every call cost a third of the server's CPU on them. `preparada` builds a statement once per database and
 * shape (values are placeholders, `sql.placeholder('x')`) and keeps it; on a PostgreSQL server it is also a named
 * prepared statement (parsed and planned once per connection), on the embedded database it skips the building.
 *
 * Keep it to the database object (`ctx.db`): a statement built on a transaction belongs to that transaction.
 */
const porBase = new WeakMap<object, Map<string, unknown>>();

export function preparada<T>(db: object, clave: string, construir: (nombre: string) => T): T {
  let deLaBase = porBase.get(db);
  if (!deLaBase) {
    deLaBase = new Map();
    porBase.set(db, deLaBase);
  }
  let p = deLaBase.get(clave) as T | undefined;
  if (p === undefined) {
    p = construir(`p_${clave}`);
    deLaBase.set(clave, p);
  }
  return p;
}

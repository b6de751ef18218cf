/**
 * Demo data on request (`true`), never (`false`), or only into a database that holds no user company yet
 * (`'si-vacia'`, the embedded default): a start on an existing data directory never adds demo data to it.
 */
export type ModoDemo = boolean | 'si-vacia';

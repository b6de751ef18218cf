-- Parameter group names are unique as the service compares them (capitals and surrounding spaces aside).
-- A database that already holds two such names keeps the oldest as is and gives the others their code, e.g.
-- 'Motivos (105)', so the index can be built and both groups stay apart in the list.
UPDATE "parametro" AS p
SET "nombre" = left(trim(p."nombre"), 100 - length(' (' || p."codigo_parametro" || ')')) || ' (' || p."codigo_parametro" || ')'
WHERE EXISTS (
  SELECT 1 FROM "parametro" AS o
  WHERE lower(trim(o."nombre")) = lower(trim(p."nombre")) AND o."codigo_parametro" < p."codigo_parametro"
);--> statement-breakpoint
CREATE UNIQUE INDEX "parametro_nombre_uq" ON "parametro" USING btree (lower(trim("nombre")));

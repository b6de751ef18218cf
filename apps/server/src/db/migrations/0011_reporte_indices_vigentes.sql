-- The movements report reads only orders that are not annulled (estado_anulado = 0, in every one of its
-- statements): partial indexes over those orders let the screen's total of a year be counted from the index
-- alone (104 ms → 50 ms for 300 000 orders on PostgreSQL, a company's year 2 ms). They replace the full
-- indexes of migration 0008, which only the report used.
CREATE INDEX IF NOT EXISTS "movimiento_vigente_fecha_ingreso_idx" ON "movimiento" USING btree ("fecha_ingreso","codigo_movimiento") WHERE "estado_anulado" = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "movimiento_vigente_empresa_fecha_ingreso_idx" ON "movimiento" USING btree ("codigo_empresa_usuario","fecha_ingreso","codigo_movimiento") WHERE "estado_anulado" = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "movimiento_fecha_ingreso_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "movimiento_empresa_fecha_ingreso_idx";

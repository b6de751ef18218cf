-- The live board reads open orders by their stage. Its stage is an expression of the state and the
-- finished verification (tablero.repository.ts, ETAPA); indexing that expression, with the dwell start and the
-- key, lets the summary count every stage from the index alone (index-only scan: the stage, the company and the
-- dwell start are in it) and lets a stage's list read its longest-waiting 500 orders in order and stop there,
-- instead of visiting the page of every open order. Partial on open orders like movimiento_abiertas_idx.
CREATE INDEX IF NOT EXISTS "movimiento_etapa_tablero_idx" ON "movimiento" (
  (case codigo_estado_movimiento when 1 then 1 when 2 then 2
     when 3 then case when verificacion_finalizada >= 3 then 4 else 3 end
     else case when verificacion_finalizada >= 5 then 6 else 5 end end),
  "fecha_etapa", "codigo_movimiento"
) INCLUDE ("codigo_estado_movimiento", "verificacion_finalizada", "codigo_empresa_usuario")
WHERE "codigo_estado_movimiento" < 5 AND "estado_anulado" = 0;
--> statement-breakpoint
-- Today's figures by hour (entries type 1, exits 6, exit weighings 4 with their net) and the lists behind them
-- read one Lima day of one control type: from this index alone (type, time, net and order are in it).
CREATE INDEX IF NOT EXISTS "control_movimiento_tipo_fecha_idx" ON "control_movimiento" ("codigo_tipo_control", "fecha_registro")
  INCLUDE ("peso_neto", "codigo_movimiento");

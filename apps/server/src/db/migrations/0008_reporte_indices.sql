-- Movements report (modules/reporte): keyset walk of a company's or the whole zone's movements by
-- (fecha_ingreso, codigo_movimiento), and the stock report's lots with stock.
CREATE INDEX IF NOT EXISTS "movimiento_empresa_fecha_ingreso_idx" ON "movimiento" USING btree ("codigo_empresa_usuario","fecha_ingreso","codigo_movimiento");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "movimiento_fecha_ingreso_idx" ON "movimiento" USING btree ("fecha_ingreso","codigo_movimiento");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "movimiento_documento_declaracion_idx" ON "movimiento_documento" USING btree ("codigo_movimiento") WHERE "codigo_tipo_documento" in ('4', '5', '9');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lote_almacen_con_stock_idx" ON "lote" USING btree ("codigo_empresa_almacen") WHERE "cantidad_stock" > 0;

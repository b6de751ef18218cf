DROP INDEX "movimiento_empresa_fecha_idx";--> statement-breakpoint
DROP INDEX "movimiento_fecha_idx";--> statement-breakpoint
DROP INDEX "movimiento_observado_idx";--> statement-breakpoint
CREATE INDEX "catalogo_fecha_idx" ON "catalogo_usuario" USING btree ("fecha_registro","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "catalogo_empresa_fecha_idx" ON "catalogo_usuario" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "movimiento_empresa_fecha_idx" ON "movimiento" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_movimiento");--> statement-breakpoint
CREATE INDEX "movimiento_fecha_idx" ON "movimiento" USING btree ("fecha_registro","codigo_movimiento");--> statement-breakpoint
CREATE INDEX "movimiento_observado_idx" ON "movimiento" USING btree ("fecha_registro","codigo_movimiento") WHERE "movimiento"."codigo_estado_observado" = 2;
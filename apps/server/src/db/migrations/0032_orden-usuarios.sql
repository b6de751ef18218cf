DROP INDEX "usuario_empresa_idx";--> statement-breakpoint
CREATE INDEX "usuario_fecha_idx" ON "usuario" USING btree ("fecha_registro","codigo_usuario");--> statement-breakpoint
CREATE INDEX "usuario_empresa_idx" ON "usuario" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_usuario");
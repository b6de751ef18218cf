DROP INDEX "acta_apertura_empresa_fecha_idx";--> statement-breakpoint
DROP INDEX "lista_blanca_empresa_idx";--> statement-breakpoint
DROP INDEX "reporte_problema_fecha_idx";--> statement-breakpoint
DROP INDEX "certificado_manufactura_empresa_fecha_idx";--> statement-breakpoint
DROP INDEX "certificado_manufactura_fecha_idx";--> statement-breakpoint
DROP INDEX "produccion_empresa_idx";--> statement-breakpoint
CREATE INDEX "acta_apertura_fecha_idx" ON "acta_apertura" USING btree ("fecha_apertura","codigo_acta_apertura");--> statement-breakpoint
CREATE INDEX "colaborador_fecha_idx" ON "control_colaborador_empresa" USING btree ("fecha_registro","codigo_control_colaborador_empresa");--> statement-breakpoint
CREATE INDEX "colaborador_empresa_fecha_idx" ON "control_colaborador_empresa" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_control_colaborador_empresa");--> statement-breakpoint
CREATE INDEX "lista_blanca_fecha_idx" ON "empresa_lista_blanca" USING btree ("fecha_registro","codigo_empresa_lista_blanca");--> statement-breakpoint
CREATE INDEX "cip_empresa_fecha_idx" ON "cip" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_cip");--> statement-breakpoint
CREATE INDEX "cip_fecha_idx" ON "cip" USING btree ("fecha_registro","codigo_cip");--> statement-breakpoint
CREATE INDEX "produccion_fecha_idx" ON "produccion" USING btree ("fecha_registro","codigo_produccion");--> statement-breakpoint
CREATE INDEX "importador_nombre_idx" ON "importador" USING btree ("estado_anulado","razon_social","codigo_importador");--> statement-breakpoint
CREATE INDEX "importador_empresa_nombre_idx" ON "importador" USING btree ("codigo_empresa_usuario","estado_anulado","razon_social","codigo_importador");--> statement-breakpoint
CREATE INDEX "importador_cese_idx" ON "importador" USING btree ("estado_anulado","fecha_cese","razon_social","codigo_importador");--> statement-breakpoint
CREATE INDEX "importador_empresa_cese_idx" ON "importador" USING btree ("codigo_empresa_usuario","estado_anulado","fecha_cese","razon_social","codigo_importador");--> statement-breakpoint
CREATE INDEX "parametro_seccion_orden_idx" ON "parametro_seccion" USING btree ("codigo_parametro","orden","codigo_seccion");--> statement-breakpoint
CREATE INDEX "transportista_nombre_idx" ON "transportista_usuario" USING btree ("estado_anulado","razon_social","codigo_transportista_usuario");--> statement-breakpoint
CREATE INDEX "transportista_empresa_nombre_idx" ON "transportista_usuario" USING btree ("codigo_empresa_usuario","estado_anulado","razon_social","codigo_transportista_usuario");--> statement-breakpoint
CREATE INDEX "acta_apertura_empresa_fecha_idx" ON "acta_apertura" USING btree ("codigo_empresa_usuario","fecha_apertura","codigo_acta_apertura");--> statement-breakpoint
CREATE INDEX "lista_blanca_empresa_idx" ON "empresa_lista_blanca" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_empresa_lista_blanca");--> statement-breakpoint
CREATE INDEX "reporte_problema_fecha_idx" ON "reporte_problema" USING btree ("fecha_registro","codigo_reporte_problema");--> statement-breakpoint
CREATE INDEX "certificado_manufactura_empresa_fecha_idx" ON "certificado_manufactura" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_certificado_manufactura");--> statement-breakpoint
CREATE INDEX "certificado_manufactura_fecha_idx" ON "certificado_manufactura" USING btree ("fecha_registro","codigo_certificado_manufactura");--> statement-breakpoint
CREATE INDEX "produccion_empresa_idx" ON "produccion" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_produccion");
DROP INDEX "comprobante_empresa_idx";--> statement-breakpoint
CREATE INDEX "declaracion_numero_idx" ON "declaracion" USING btree ("numero_declaracion","codigo_declaracion");--> statement-breakpoint
CREATE INDEX "catalogo_empresa_descripcion_idx" ON "catalogo_usuario" USING btree ("codigo_empresa_usuario","descripcion","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "comprobante_empresa_numero_idx" ON "comprobante" USING btree ("codigo_empresa_usuario","serie","numero","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "comprobante_empresa_adquirente_idx" ON "comprobante" USING btree ("codigo_empresa_usuario","razon_social_adquirente","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "comprobante_empresa_total_idx" ON "comprobante" USING btree ("codigo_empresa_usuario","total","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "comprobante_empresa_vence_idx" ON "comprobante" USING btree ("codigo_empresa_usuario","fecha_vencimiento","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "lote_en_stock_idx" ON "lote" USING btree ("fecha_ingreso","codigo_lote") WHERE "lote"."cantidad_stock" > 0;--> statement-breakpoint
CREATE INDEX "arancel_descripcion_orden_idx" ON "arancel" USING btree (left("descripcion", 200),"codigo_arancel");--> statement-breakpoint
CREATE INDEX "comprobante_empresa_idx" ON "comprobante" USING btree ("codigo_empresa_usuario","fecha_emision","codigo_comprobante");
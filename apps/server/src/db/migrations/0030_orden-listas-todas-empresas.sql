CREATE INDEX "declaracion_empresa_numero_idx" ON "declaracion" USING btree ("codigo_empresa_usuario","numero_declaracion","codigo_declaracion");--> statement-breakpoint
CREATE INDEX "declaracion_registro_idx" ON "declaracion" USING btree ("fecha_registro","codigo_declaracion");--> statement-breakpoint
CREATE INDEX "declaracion_empresa_registro_idx" ON "declaracion" USING btree ("codigo_empresa_usuario","fecha_registro","codigo_declaracion");--> statement-breakpoint
CREATE INDEX "catalogo_descripcion_idx" ON "catalogo_usuario" USING btree ("descripcion","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "comprobante_emision_idx" ON "comprobante" USING btree ("fecha_emision","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "comprobante_serie_numero_idx" ON "comprobante" USING btree ("serie","numero","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "comprobante_adquirente_idx" ON "comprobante" USING btree ("razon_social_adquirente","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "comprobante_total_idx" ON "comprobante" USING btree ("total","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "comprobante_vence_idx" ON "comprobante" USING btree ("fecha_vencimiento","codigo_comprobante");--> statement-breakpoint
CREATE INDEX "lote_producto_stock_idx" ON "lote" USING btree ("codigo_catalogo_usuario","codigo_lote") WHERE "lote"."cantidad_stock" > 0;--> statement-breakpoint
CREATE INDEX "arancel_partida_orden_idx" ON "arancel" USING btree ("numero_partida","codigo_arancel");
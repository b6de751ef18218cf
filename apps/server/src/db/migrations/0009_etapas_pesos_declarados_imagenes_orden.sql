ALTER TABLE "verificacion_imagen" ADD COLUMN "codigo_movimiento_archivo" integer;--> statement-breakpoint
ALTER TABLE "movimiento" ADD COLUMN "peso_bruto_declarado" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "movimiento" ADD COLUMN "peso_tara_declarado" numeric(14, 3);--> statement-breakpoint
CREATE UNIQUE INDEX "verificacion_imagen_archivo_uq" ON "verificacion_imagen" USING btree ("codigo_verificacion_tipo_control","codigo_movimiento_archivo");
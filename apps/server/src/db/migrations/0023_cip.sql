CREATE TABLE "cip" (
	"codigo_cip" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"numero_version" integer NOT NULL,
	"fecha_inicio_vigencia" date NOT NULL,
	"fecha_fin_vigencia" date,
	"codigo_estado" smallint DEFAULT 1 NOT NULL,
	"descripcion" varchar(400),
	"observacion" text,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_envio" varchar(60),
	"fecha_envio" timestamp with time zone,
	"usuario_revision" varchar(60),
	"fecha_revision" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "cip_estado" CHECK ("cip"."codigo_estado" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "cip_insumo" (
	"codigo_cip_insumo" serial PRIMARY KEY NOT NULL,
	"codigo_cip" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"cantidad_por_unidad" numeric(18, 6) NOT NULL,
	"codigo_unidad_medida" varchar(10) NOT NULL,
	"factor_numerador" numeric(14, 3) DEFAULT '1' NOT NULL,
	"factor_denominador" numeric(14, 3) DEFAULT '1' NOT NULL,
	"porcentaje_merma" numeric(5, 2) DEFAULT '0' NOT NULL,
	"porcentaje_residuo" numeric(5, 2) DEFAULT '0' NOT NULL,
	"orden" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "cip_insumo_cantidad" CHECK ("cip_insumo"."cantidad_por_unidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "produccion" (
	"codigo_produccion" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"codigo_cip" integer NOT NULL,
	"cantidad" numeric(14, 3) NOT NULL,
	"peso_neto" numeric(14, 3) DEFAULT '0' NOT NULL,
	"peso_bruto" numeric(14, 3) DEFAULT '0' NOT NULL,
	"fecha_produccion" date NOT NULL,
	"codigo_empresa_almacen" integer,
	"codigo_lote" integer,
	"observacion" varchar(400),
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produccion_cantidad" CHECK ("produccion"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "produccion_consumo" (
	"codigo_produccion_consumo" serial PRIMARY KEY NOT NULL,
	"codigo_produccion" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"codigo_lote" integer NOT NULL,
	"cantidad" numeric(14, 3) DEFAULT '0' NOT NULL,
	"cantidad_merma" numeric(14, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificado_manufactura_detalle" ADD COLUMN "codigo_produccion" integer;--> statement-breakpoint
ALTER TABLE "cip" ADD CONSTRAINT "cip_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cip" ADD CONSTRAINT "cip_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cip_insumo" ADD CONSTRAINT "cip_insumo_codigo_cip_cip_codigo_cip_fk" FOREIGN KEY ("codigo_cip") REFERENCES "public"."cip"("codigo_cip") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cip_insumo" ADD CONSTRAINT "cip_insumo_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produccion" ADD CONSTRAINT "produccion_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produccion" ADD CONSTRAINT "produccion_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produccion" ADD CONSTRAINT "produccion_codigo_cip_cip_codigo_cip_fk" FOREIGN KEY ("codigo_cip") REFERENCES "public"."cip"("codigo_cip") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produccion" ADD CONSTRAINT "produccion_codigo_empresa_almacen_almacen_codigo_empresa_almacen_fk" FOREIGN KEY ("codigo_empresa_almacen") REFERENCES "public"."almacen"("codigo_empresa_almacen") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produccion" ADD CONSTRAINT "produccion_codigo_lote_lote_codigo_lote_fk" FOREIGN KEY ("codigo_lote") REFERENCES "public"."lote"("codigo_lote") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produccion_consumo" ADD CONSTRAINT "produccion_consumo_codigo_produccion_produccion_codigo_produccion_fk" FOREIGN KEY ("codigo_produccion") REFERENCES "public"."produccion"("codigo_produccion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produccion_consumo" ADD CONSTRAINT "produccion_consumo_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produccion_consumo" ADD CONSTRAINT "produccion_consumo_codigo_lote_lote_codigo_lote_fk" FOREIGN KEY ("codigo_lote") REFERENCES "public"."lote"("codigo_lote") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cip_producto_version_uq" ON "cip" USING btree ("codigo_catalogo_usuario","numero_version");--> statement-breakpoint
CREATE INDEX "cip_empresa_idx" ON "cip" USING btree ("codigo_empresa_usuario","codigo_estado");--> statement-breakpoint
CREATE UNIQUE INDEX "cip_insumo_uq" ON "cip_insumo" USING btree ("codigo_cip","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "produccion_empresa_idx" ON "produccion" USING btree ("codigo_empresa_usuario","fecha_registro");--> statement-breakpoint
CREATE INDEX "produccion_producto_idx" ON "produccion" USING btree ("codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "produccion_consumo_produccion_idx" ON "produccion_consumo" USING btree ("codigo_produccion");--> statement-breakpoint
ALTER TABLE "certificado_manufactura_detalle" ADD CONSTRAINT "certificado_manufactura_detalle_codigo_produccion_produccion_codigo_produccion_fk" FOREIGN KEY ("codigo_produccion") REFERENCES "public"."produccion"("codigo_produccion") ON DELETE no action ON UPDATE no action;
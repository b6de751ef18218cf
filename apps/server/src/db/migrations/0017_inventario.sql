CREATE TABLE "conteo" (
	"codigo_conteo" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"observacion" text,
	"plazo_horas" integer DEFAULT 48 NOT NULL,
	"fecha_apertura" timestamp with time zone NOT NULL,
	"usuario_apertura" varchar(60) NOT NULL,
	"fecha_contado" timestamp with time zone,
	"usuario_contado" varchar(60),
	"fecha_limite_justificacion" timestamp with time zone,
	"fecha_justificado" timestamp with time zone,
	"usuario_justificado" varchar(60),
	"fecha_cierre" timestamp with time zone,
	"usuario_cierre" varchar(60),
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "conteo_estado" CHECK ("conteo"."estado" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "conteo_detalle" (
	"codigo_conteo_detalle" serial PRIMARY KEY NOT NULL,
	"codigo_conteo" integer NOT NULL,
	"codigo_lote" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"cantidad_teorica" numeric(14, 3) NOT NULL,
	"cantidad_contada" numeric(14, 3),
	"justificacion" text,
	"decision" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "conteo_contada_no_negativa" CHECK ("conteo_detalle"."cantidad_contada" is null or "conteo_detalle"."cantidad_contada" >= 0)
);
--> statement-breakpoint
CREATE TABLE "saldo_producto" (
	"codigo_catalogo_usuario" integer PRIMARY KEY NOT NULL,
	"cantidad" numeric(14, 3) DEFAULT '0' NOT NULL,
	"valor" numeric(18, 5) DEFAULT '0' NOT NULL,
	"fecha_actualizacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saldo_producto_no_negativo" CHECK ("saldo_producto"."cantidad" >= 0)
);
--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "saldo_producto" numeric(14, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "tipo_operacion" varchar(2);--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "tipo_documento" varchar(4);--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "numero_documento" varchar(40);--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "costo_unitario" numeric(16, 5);--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "costo_promedio" numeric(16, 5);--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "saldo_valor" numeric(18, 5);--> statement-breakpoint
ALTER TABLE "kardex" ADD COLUMN "codigo_conteo" integer;--> statement-breakpoint
ALTER TABLE "conteo" ADD CONSTRAINT "conteo_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteo_detalle" ADD CONSTRAINT "conteo_detalle_codigo_conteo_conteo_codigo_conteo_fk" FOREIGN KEY ("codigo_conteo") REFERENCES "public"."conteo"("codigo_conteo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteo_detalle" ADD CONSTRAINT "conteo_detalle_codigo_lote_lote_codigo_lote_fk" FOREIGN KEY ("codigo_lote") REFERENCES "public"."lote"("codigo_lote") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteo_detalle" ADD CONSTRAINT "conteo_detalle_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saldo_producto" ADD CONSTRAINT "saldo_producto_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conteo_empresa_idx" ON "conteo" USING btree ("codigo_empresa_usuario","codigo_conteo");--> statement-breakpoint
CREATE INDEX "conteo_detalle_conteo_idx" ON "conteo_detalle" USING btree ("codigo_conteo");--> statement-breakpoint
CREATE INDEX "kardex_producto_orden_idx" ON "kardex" USING btree ("codigo_catalogo_usuario","codigo_kardex");--> statement-breakpoint
CREATE INDEX "kardex_lote_orden_idx" ON "kardex" USING btree ("codigo_lote","codigo_kardex");--> statement-breakpoint
ALTER TABLE "kardex" ADD CONSTRAINT "kardex_saldo_producto_no_negativo" CHECK ("kardex"."saldo_producto" >= 0);
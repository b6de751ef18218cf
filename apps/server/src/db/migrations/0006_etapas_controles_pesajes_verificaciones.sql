CREATE TABLE "balanza" (
	"codigo_tipo_balanza" smallint PRIMARY KEY NOT NULL,
	"protocolo" varchar(12) DEFAULT 'toledo' NOT NULL,
	"host" varchar(120) DEFAULT 'simulador' NOT NULL,
	"puerto" integer DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuracion_tipo_control_detalle" (
	"codigo_detalle_tipo_control" serial PRIMARY KEY NOT NULL,
	"codigo_tipo_control" smallint NOT NULL,
	"codigo_tipo_ingreso" varchar(2) NOT NULL,
	"codigo_tipo_carga" smallint DEFAULT 0 NOT NULL,
	"descripcion" varchar(200) NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_movimiento" (
	"codigo_control_movimiento" serial PRIMARY KEY NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"codigo_tipo_control" smallint NOT NULL,
	"estado_desde" smallint NOT NULL,
	"estado_hasta" smallint,
	"observacion" text,
	"codigo_tipo_balanza" smallint,
	"peso" numeric(10, 3),
	"peso_carreta" numeric(10, 3),
	"peso_bruto" numeric(10, 3),
	"peso_neto" numeric(10, 3),
	"peso_tara" numeric(10, 3),
	"peso_total_mercancia" numeric(10, 3),
	"finalizado" boolean DEFAULT true NOT NULL,
	"fecha_finalizacion" timestamp with time zone,
	"codigo_usuario_finalizacion" integer,
	"usuario_registro" varchar(60),
	"codigo_usuario_registro" integer NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_movimiento_detalle" (
	"codigo_control_movimiento_detalle" serial PRIMARY KEY NOT NULL,
	"codigo_control_movimiento" integer NOT NULL,
	"codigo_detalle_tipo_control" integer NOT NULL,
	"verificacion" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pesaje" (
	"codigo_pesaje" serial PRIMARY KEY NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"codigo_tipo_control" smallint NOT NULL,
	"codigo_tipo_balanza" smallint NOT NULL,
	"numero_carreta" smallint DEFAULT 1 NOT NULL,
	"peso" numeric(10, 3) NOT NULL,
	"protocolo" varchar(12),
	"trama" text,
	"fecha_captura" timestamp with time zone NOT NULL,
	"codigo_usuario" integer NOT NULL,
	"usuario_registro" varchar(60),
	"codigo_control_movimiento" integer
);
--> statement-breakpoint
CREATE TABLE "verificacion" (
	"codigo_verificacion_tipo_control" serial PRIMARY KEY NOT NULL,
	"codigo_control_movimiento" integer NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"codigo_tipo_control" smallint NOT NULL,
	"codigo_tipo_carga" smallint NOT NULL,
	"numero_bultos_verificado" integer DEFAULT 0 NOT NULL,
	"marca_contenedor" varchar(300),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verificacion_imagen" (
	"codigo_verificacion_imagen" serial PRIMARY KEY NOT NULL,
	"codigo_verificacion_tipo_control" integer NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"codigo_tipo_control" smallint NOT NULL,
	"nombre_archivo" varchar(255) NOT NULL,
	"ruta_archivo" varchar(255) NOT NULL,
	"tipo_contenido" varchar(60) NOT NULL,
	"tamanio" bigint NOT NULL,
	"usuario_registro" varchar(60),
	"codigo_usuario_registro" integer NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "control_movimiento" ADD CONSTRAINT "control_movimiento_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_movimiento_detalle" ADD CONSTRAINT "control_movimiento_detalle_codigo_control_movimiento_control_movimiento_codigo_control_movimiento_fk" FOREIGN KEY ("codigo_control_movimiento") REFERENCES "public"."control_movimiento"("codigo_control_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_movimiento_detalle" ADD CONSTRAINT "control_movimiento_detalle_codigo_detalle_tipo_control_configuracion_tipo_control_detalle_codigo_detalle_tipo_control_fk" FOREIGN KEY ("codigo_detalle_tipo_control") REFERENCES "public"."configuracion_tipo_control_detalle"("codigo_detalle_tipo_control") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesaje" ADD CONSTRAINT "pesaje_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesaje" ADD CONSTRAINT "pesaje_codigo_control_movimiento_control_movimiento_codigo_control_movimiento_fk" FOREIGN KEY ("codigo_control_movimiento") REFERENCES "public"."control_movimiento"("codigo_control_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacion" ADD CONSTRAINT "verificacion_codigo_control_movimiento_control_movimiento_codigo_control_movimiento_fk" FOREIGN KEY ("codigo_control_movimiento") REFERENCES "public"."control_movimiento"("codigo_control_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacion" ADD CONSTRAINT "verificacion_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacion_imagen" ADD CONSTRAINT "verificacion_imagen_codigo_verificacion_tipo_control_verificacion_codigo_verificacion_tipo_control_fk" FOREIGN KEY ("codigo_verificacion_tipo_control") REFERENCES "public"."verificacion"("codigo_verificacion_tipo_control") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacion_imagen" ADD CONSTRAINT "verificacion_imagen_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "configuracion_control_item_uq" ON "configuracion_tipo_control_detalle" USING btree ("codigo_tipo_control","codigo_tipo_ingreso","codigo_tipo_carga","descripcion");--> statement-breakpoint
CREATE UNIQUE INDEX "control_movimiento_etapa_uq" ON "control_movimiento" USING btree ("codigo_movimiento","codigo_tipo_control");--> statement-breakpoint
CREATE INDEX "control_movimiento_fecha_idx" ON "control_movimiento" USING btree ("fecha_registro");--> statement-breakpoint
CREATE UNIQUE INDEX "control_detalle_item_uq" ON "control_movimiento_detalle" USING btree ("codigo_control_movimiento","codigo_detalle_tipo_control");--> statement-breakpoint
CREATE INDEX "pesaje_movimiento_idx" ON "pesaje" USING btree ("codigo_movimiento","codigo_tipo_control","codigo_pesaje");--> statement-breakpoint
CREATE UNIQUE INDEX "verificacion_etapa_uq" ON "verificacion" USING btree ("codigo_movimiento","codigo_tipo_control");--> statement-breakpoint
CREATE UNIQUE INDEX "verificacion_control_uq" ON "verificacion" USING btree ("codigo_control_movimiento");--> statement-breakpoint
CREATE INDEX "verificacion_imagen_movimiento_idx" ON "verificacion_imagen" USING btree ("codigo_movimiento","codigo_tipo_control");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "movimiento_codigo_ingreso_trgm" ON "movimiento" USING gin ("codigo_ingreso" gin_trgm_ops);

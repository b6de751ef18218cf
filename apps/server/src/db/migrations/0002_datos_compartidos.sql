CREATE SEQUENCE "public"."movimiento_codigo_ingreso_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "catalogo_usuario" (
	"codigo_catalogo_usuario" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"codigo_interno" varchar(9),
	"descripcion" varchar(400) NOT NULL,
	"numero_partida" varchar(10) NOT NULL,
	"codigo_unidad_medida" varchar(10) NOT NULL,
	"codigo_existencia" varchar(4) NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equivalencia_catalogo" (
	"codigo_equivalencia_catalogo" serial PRIMARY KEY NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"cantidad_base" numeric(14, 3) NOT NULL,
	"codigo_unidad_medida_base" varchar(10) NOT NULL,
	"cantidad_equivalente" numeric(14, 3) NOT NULL,
	"codigo_unidad_medida_equivalencia" varchar(10) NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kardex" (
	"codigo_kardex" bigserial PRIMARY KEY NOT NULL,
	"codigo_lote" integer NOT NULL,
	"codigo_empresa_almacen" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"codigo_movimiento" integer,
	"codigo_movimiento_detalle" integer,
	"tipo" varchar(1) NOT NULL,
	"cantidad" numeric(14, 3) NOT NULL,
	"saldo_lote" numeric(14, 3) NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_registro" varchar(60),
	CONSTRAINT "kardex_tipo" CHECK ("kardex"."tipo" in ('E', 'S')),
	CONSTRAINT "kardex_saldo_no_negativo" CHECK ("kardex"."saldo_lote" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lote" (
	"codigo_lote" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_almacen" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"codigo_movimiento_documento" integer,
	"numero_documento" varchar(26) NOT NULL,
	"cantidad_ingresada" numeric(14, 3) NOT NULL,
	"cantidad_stock" numeric(14, 3) NOT NULL,
	"cantidad_reservada" numeric(14, 3) DEFAULT '0' NOT NULL,
	"fecha_ingreso" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lote_stock_no_negativo" CHECK ("lote"."cantidad_stock" >= 0),
	CONSTRAINT "lote_reserva_valida" CHECK ("lote"."cantidad_reservada" >= 0 and "lote"."cantidad_reservada" <= "lote"."cantidad_stock")
);
--> statement-breakpoint
CREATE TABLE "reserva_lote" (
	"codigo_reserva_lote" serial PRIMARY KEY NOT NULL,
	"codigo_lote" integer NOT NULL,
	"codigo_movimiento_detalle" integer NOT NULL,
	"cantidad" numeric(14, 3) NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserva_cantidad_positiva" CHECK ("reserva_lote"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "movimiento" (
	"codigo_movimiento" serial PRIMARY KEY NOT NULL,
	"codigo_ingreso" varchar(12) NOT NULL,
	"numero_ticket" varchar(12),
	"tipo_transaccion" varchar(3) DEFAULT 'MOV' NOT NULL,
	"codigo_tipo_ingreso" varchar(2) NOT NULL,
	"codigo_tipo_control" smallint DEFAULT 7 NOT NULL,
	"codigo_tipo_operacion" smallint NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"codigo_empresa_almacen" integer,
	"codigo_tipo_mercaderia" varchar(3),
	"pais_procedencia" varchar(2),
	"codigo_via" varchar(4),
	"codigo_salida_aduana" varchar(4) DEFAULT '0' NOT NULL,
	"fecha_ingreso" timestamp with time zone NOT NULL,
	"codigo_persona" integer,
	"codigo_tipo_documento_identidad" varchar(4),
	"numero_documento_identidad" varchar(12),
	"nombres" varchar(30),
	"apellido_paterno" varchar(20),
	"apellido_materno" varchar(20),
	"codigo_transportista_usuario" integer,
	"razon_social_transportista_usuario" varchar(200),
	"ruc_transportista_usuario" varchar(13),
	"codigo_tipo_vehiculo" varchar(4),
	"placa_uno" varchar(8),
	"placa_dos" varchar(8),
	"numero_soat" varchar(10),
	"numero_precinto" varchar(400),
	"codigo_clase_brevete" varchar(10),
	"numero_brevete" varchar(10),
	"fecha_vencimiento_brevete" date,
	"guia_transportista" varchar(11),
	"codigo_tipo_carga" smallint,
	"numero_bultos" integer,
	"codigo_destino_procedencia_mercancia" smallint,
	"numero_contenedor" varchar(12),
	"codigo_tipo_contenedor" varchar(4),
	"linea_naviera" varchar(4),
	"codigo_tipo_importador" varchar(4),
	"numero_declaracion" varchar(6),
	"codigo_estado_movimiento" smallint DEFAULT 1 NOT NULL,
	"codigo_estado_observado" smallint DEFAULT 0 NOT NULL,
	"observacion" text,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"usuario_registro" varchar(60),
	"codigo_usuario_registro" integer,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimiento_archivo" (
	"codigo_movimiento_archivo" serial PRIMARY KEY NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"categoria" varchar(20) DEFAULT 'sustento' NOT NULL,
	"nombre_archivo" varchar(255) NOT NULL,
	"ruta_archivo" varchar(255) NOT NULL,
	"tipo_contenido" varchar(100) NOT NULL,
	"tamanio" bigint NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimiento_detalle" (
	"codigo_movimiento_detalle" serial PRIMARY KEY NOT NULL,
	"codigo_movimiento_documento" integer NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"cantidad" numeric(14, 3) NOT NULL,
	"peso" numeric(14, 3) NOT NULL,
	"valor_fob" numeric(16, 5) DEFAULT '0' NOT NULL,
	"codigo_tipo_bulto" varchar(4),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimiento_documento" (
	"codigo_movimiento_documento" serial PRIMARY KEY NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"codigo_tipo_documento" varchar(4) NOT NULL,
	"descripcion_documento" varchar(100),
	"numero_documento" varchar(26) NOT NULL,
	"ruc" varchar(13),
	"razon_social" varchar(200),
	"codigo_tipo_importador" varchar(4),
	"usuario_creacion" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresa_registro" (
	"ruc" varchar(13) PRIMARY KEY NOT NULL,
	"razon_social" varchar(200) NOT NULL,
	"direccion" varchar(300),
	"estado" varchar(20) DEFAULT 'ACTIVO' NOT NULL,
	"condicion" varchar(20) DEFAULT 'HABIDO' NOT NULL,
	"extranjera" boolean DEFAULT false NOT NULL,
	"fuente" varchar(20) DEFAULT 'manual' NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persona" (
	"codigo_persona" serial PRIMARY KEY NOT NULL,
	"codigo_tipo_documento_identidad" varchar(4) NOT NULL,
	"numero_documento_identidad" varchar(12) NOT NULL,
	"apellido_paterno" varchar(20) NOT NULL,
	"apellido_materno" varchar(20) DEFAULT '' NOT NULL,
	"nombres" varchar(30) NOT NULL,
	"extranjero" boolean DEFAULT false NOT NULL,
	"fuente" varchar(20) DEFAULT 'manual' NOT NULL,
	"usuario_creacion" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transportista_usuario" (
	"codigo_transportista_usuario" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"ruc" varchar(13) NOT NULL,
	"razon_social" varchar(200) NOT NULL,
	"direccion" varchar(300),
	"fecha_inicio" date,
	"fecha_cese" date,
	"extranjero" boolean DEFAULT false NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogo_usuario" ADD CONSTRAINT "catalogo_usuario_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equivalencia_catalogo" ADD CONSTRAINT "equivalencia_catalogo_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex" ADD CONSTRAINT "kardex_codigo_lote_lote_codigo_lote_fk" FOREIGN KEY ("codigo_lote") REFERENCES "public"."lote"("codigo_lote") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex" ADD CONSTRAINT "kardex_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote" ADD CONSTRAINT "lote_codigo_empresa_almacen_almacen_codigo_empresa_almacen_fk" FOREIGN KEY ("codigo_empresa_almacen") REFERENCES "public"."almacen"("codigo_empresa_almacen") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote" ADD CONSTRAINT "lote_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote" ADD CONSTRAINT "lote_codigo_movimiento_documento_movimiento_documento_codigo_movimiento_documento_fk" FOREIGN KEY ("codigo_movimiento_documento") REFERENCES "public"."movimiento_documento"("codigo_movimiento_documento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_lote" ADD CONSTRAINT "reserva_lote_codigo_lote_lote_codigo_lote_fk" FOREIGN KEY ("codigo_lote") REFERENCES "public"."lote"("codigo_lote") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_lote" ADD CONSTRAINT "reserva_lote_codigo_movimiento_detalle_movimiento_detalle_codigo_movimiento_detalle_fk" FOREIGN KEY ("codigo_movimiento_detalle") REFERENCES "public"."movimiento_detalle"("codigo_movimiento_detalle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento" ADD CONSTRAINT "movimiento_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento" ADD CONSTRAINT "movimiento_codigo_empresa_almacen_almacen_codigo_empresa_almacen_fk" FOREIGN KEY ("codigo_empresa_almacen") REFERENCES "public"."almacen"("codigo_empresa_almacen") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento" ADD CONSTRAINT "movimiento_codigo_persona_persona_codigo_persona_fk" FOREIGN KEY ("codigo_persona") REFERENCES "public"."persona"("codigo_persona") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento" ADD CONSTRAINT "movimiento_codigo_transportista_usuario_transportista_usuario_codigo_transportista_usuario_fk" FOREIGN KEY ("codigo_transportista_usuario") REFERENCES "public"."transportista_usuario"("codigo_transportista_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento_archivo" ADD CONSTRAINT "movimiento_archivo_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento_detalle" ADD CONSTRAINT "movimiento_detalle_codigo_movimiento_documento_movimiento_documento_codigo_movimiento_documento_fk" FOREIGN KEY ("codigo_movimiento_documento") REFERENCES "public"."movimiento_documento"("codigo_movimiento_documento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento_detalle" ADD CONSTRAINT "movimiento_detalle_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento_detalle" ADD CONSTRAINT "movimiento_detalle_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimiento_documento" ADD CONSTRAINT "movimiento_documento_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportista_usuario" ADD CONSTRAINT "transportista_usuario_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogo_empresa_idx" ON "catalogo_usuario" USING btree ("codigo_empresa_usuario","estado_anulado");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogo_empresa_codigo_interno_uq" ON "catalogo_usuario" USING btree ("codigo_empresa_usuario","codigo_interno") WHERE "catalogo_usuario"."codigo_interno" is not null;--> statement-breakpoint
CREATE INDEX "catalogo_descripcion_trgm" ON "catalogo_usuario" USING gin ("descripcion" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "equivalencia_uq" ON "equivalencia_catalogo" USING btree ("codigo_catalogo_usuario","cantidad_base","codigo_unidad_medida_base","cantidad_equivalente","codigo_unidad_medida_equivalencia");--> statement-breakpoint
CREATE INDEX "kardex_producto_fecha_idx" ON "kardex" USING btree ("codigo_catalogo_usuario","codigo_empresa_almacen","fecha");--> statement-breakpoint
CREATE INDEX "kardex_movimiento_idx" ON "kardex" USING btree ("codigo_movimiento");--> statement-breakpoint
CREATE INDEX "lote_producto_idx" ON "lote" USING btree ("codigo_catalogo_usuario","codigo_empresa_almacen");--> statement-breakpoint
CREATE UNIQUE INDEX "lote_documento_uq" ON "lote" USING btree ("codigo_empresa_almacen","codigo_catalogo_usuario","codigo_movimiento_documento") WHERE "lote"."codigo_movimiento_documento" is not null;--> statement-breakpoint
CREATE INDEX "reserva_lote_lote_idx" ON "reserva_lote" USING btree ("codigo_lote");--> statement-breakpoint
CREATE INDEX "reserva_lote_detalle_idx" ON "reserva_lote" USING btree ("codigo_movimiento_detalle");--> statement-breakpoint
CREATE UNIQUE INDEX "movimiento_codigo_ingreso_uq" ON "movimiento" USING btree ("codigo_ingreso");--> statement-breakpoint
CREATE INDEX "movimiento_empresa_fecha_idx" ON "movimiento" USING btree ("codigo_empresa_usuario","fecha_registro");--> statement-breakpoint
CREATE INDEX "movimiento_estado_idx" ON "movimiento" USING btree ("codigo_estado_movimiento","fecha_registro");--> statement-breakpoint
CREATE INDEX "movimiento_fecha_idx" ON "movimiento" USING btree ("fecha_registro");--> statement-breakpoint
CREATE INDEX "movimiento_documento_identidad_idx" ON "movimiento" USING btree ("numero_documento_identidad");--> statement-breakpoint
CREATE INDEX "movimiento_ticket_idx" ON "movimiento" USING btree ("numero_ticket");--> statement-breakpoint
CREATE INDEX "movimiento_observado_idx" ON "movimiento" USING btree ("codigo_estado_observado") WHERE "movimiento"."codigo_estado_observado" = 2;--> statement-breakpoint
CREATE INDEX "movimiento_archivo_movimiento_idx" ON "movimiento_archivo" USING btree ("codigo_movimiento");--> statement-breakpoint
CREATE UNIQUE INDEX "movimiento_detalle_producto_uq" ON "movimiento_detalle" USING btree ("codigo_movimiento_documento","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "movimiento_detalle_movimiento_idx" ON "movimiento_detalle" USING btree ("codigo_movimiento");--> statement-breakpoint
CREATE INDEX "movimiento_detalle_catalogo_idx" ON "movimiento_detalle" USING btree ("codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "movimiento_documento_movimiento_idx" ON "movimiento_documento" USING btree ("codigo_movimiento");--> statement-breakpoint
CREATE INDEX "movimiento_documento_numero_idx" ON "movimiento_documento" USING btree ("numero_documento");--> statement-breakpoint
CREATE UNIQUE INDEX "persona_documento_uq" ON "persona" USING btree ("codigo_tipo_documento_identidad","numero_documento_identidad");--> statement-breakpoint
CREATE UNIQUE INDEX "transportista_empresa_ruc_uq" ON "transportista_usuario" USING btree ("codigo_empresa_usuario","ruc");--> statement-breakpoint
CREATE INDEX "transportista_ruc_trgm" ON "transportista_usuario" USING gin ("ruc" gin_trgm_ops);
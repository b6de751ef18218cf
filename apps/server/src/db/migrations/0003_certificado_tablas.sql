CREATE SEQUENCE "public"."certificado_manufactura_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "certificado_manufactura" (
	"codigo_certificado_manufactura" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"fecha_emision" date NOT NULL,
	"fecha_fin_vigencia" date NOT NULL,
	"dias_vigencia" smallint DEFAULT 180 NOT NULL,
	"codigo_estado_autorizado" smallint DEFAULT 1 NOT NULL,
	"numero_certificado" varchar(20),
	"token_verificacion" varchar(64),
	"observaciones" text,
	"opcion_nueva_funcionalidad" boolean DEFAULT false NOT NULL,
	"opcion_genera_valor" boolean DEFAULT false NOT NULL,
	"razon_social_emision" varchar(200),
	"ruc_emision" varchar(11),
	"direccion_emision" varchar(300),
	"nombre_autorizador" varchar(200),
	"codigo_usuario_autorizacion" integer,
	"fecha_autorizacion" timestamp with time zone,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"usuario_registro" varchar(60),
	"codigo_usuario_registro" integer,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificado_manufactura_archivo" (
	"codigo_certificado_manufactura_archivo" serial PRIMARY KEY NOT NULL,
	"codigo_certificado_manufactura" integer NOT NULL,
	"nombre_archivo" varchar(255) NOT NULL,
	"ruta_archivo" varchar(255) NOT NULL,
	"tipo_contenido" varchar(100) NOT NULL,
	"tamanio" bigint NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificado_manufactura_detalle" (
	"codigo_certificado_manufactura_detalle" serial PRIMARY KEY NOT NULL,
	"codigo_certificado_manufactura" integer NOT NULL,
	"codigo_catalogo_usuario" integer NOT NULL,
	"descripcion_producto" varchar(400) NOT NULL,
	"numero_partida" varchar(10) NOT NULL,
	"codigo_unidad_medida" varchar(10) NOT NULL,
	"cantidad" numeric(14, 3) NOT NULL,
	"cantidad_bulto" numeric(14, 3) DEFAULT '0' NOT NULL,
	"codigo_tipo_bulto" varchar(4),
	"peso_neto" numeric(14, 3) DEFAULT '0' NOT NULL,
	"peso_bruto" numeric(14, 3) DEFAULT '0' NOT NULL,
	"orden" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificado_manufactura" ADD CONSTRAINT "certificado_manufactura_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificado_manufactura_archivo" ADD CONSTRAINT "certificado_manufactura_archivo_codigo_certificado_manufactura_certificado_manufactura_codigo_certificado_manufactura_fk" FOREIGN KEY ("codigo_certificado_manufactura") REFERENCES "public"."certificado_manufactura"("codigo_certificado_manufactura") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificado_manufactura_detalle" ADD CONSTRAINT "certificado_manufactura_detalle_codigo_certificado_manufactura_certificado_manufactura_codigo_certificado_manufactura_fk" FOREIGN KEY ("codigo_certificado_manufactura") REFERENCES "public"."certificado_manufactura"("codigo_certificado_manufactura") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificado_manufactura_detalle" ADD CONSTRAINT "certificado_manufactura_detalle_codigo_catalogo_usuario_catalogo_usuario_codigo_catalogo_usuario_fk" FOREIGN KEY ("codigo_catalogo_usuario") REFERENCES "public"."catalogo_usuario"("codigo_catalogo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificado_manufactura_numero_uq" ON "certificado_manufactura" USING btree ("numero_certificado") WHERE "certificado_manufactura"."numero_certificado" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "certificado_manufactura_token_uq" ON "certificado_manufactura" USING btree ("token_verificacion") WHERE "certificado_manufactura"."token_verificacion" is not null;--> statement-breakpoint
CREATE INDEX "certificado_manufactura_empresa_fecha_idx" ON "certificado_manufactura" USING btree ("codigo_empresa_usuario","fecha_registro");--> statement-breakpoint
CREATE INDEX "certificado_manufactura_fecha_idx" ON "certificado_manufactura" USING btree ("fecha_registro");--> statement-breakpoint
CREATE INDEX "certificado_manufactura_estado_idx" ON "certificado_manufactura" USING btree ("codigo_estado_autorizado");--> statement-breakpoint
CREATE INDEX "certificado_manufactura_numero_trgm" ON "certificado_manufactura" USING gin ("numero_certificado" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certificado_archivo_certificado_idx" ON "certificado_manufactura_archivo" USING btree ("codigo_certificado_manufactura");--> statement-breakpoint
CREATE UNIQUE INDEX "certificado_detalle_producto_uq" ON "certificado_manufactura_detalle" USING btree ("codigo_certificado_manufactura","codigo_catalogo_usuario");--> statement-breakpoint
CREATE INDEX "certificado_detalle_catalogo_idx" ON "certificado_manufactura_detalle" USING btree ("codigo_catalogo_usuario");
CREATE TABLE "acta_apertura" (
	"codigo_acta_apertura" serial PRIMARY KEY NOT NULL,
	"numero_acta" varchar(20) NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"numero_contenedor" varchar(12) NOT NULL,
	"codigo_tipo_contenedor" varchar(4),
	"precintos_encontrados" varchar(400) NOT NULL,
	"precintos_coinciden" boolean NOT NULL,
	"precintos_nuevos" varchar(400),
	"fecha_apertura" timestamp with time zone NOT NULL,
	"personas" jsonb NOT NULL,
	"observaciones" text,
	"token_verificacion" varchar(64) NOT NULL,
	"usuario_registro" varchar(60),
	"codigo_usuario_registro" integer,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acta_apertura_foto" (
	"codigo_acta_apertura_foto" serial PRIMARY KEY NOT NULL,
	"codigo_acta_apertura" integer NOT NULL,
	"nombre_archivo" varchar(255) NOT NULL,
	"ruta_archivo" varchar(255) NOT NULL,
	"tipo_contenido" varchar(60) NOT NULL,
	"tamanio" bigint NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaracion" (
	"codigo_declaracion" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"numero_declaracion" varchar(20) NOT NULL,
	"numero_corto" varchar(20) NOT NULL,
	"codigo_aduana" varchar(3) NOT NULL,
	"anio" smallint NOT NULL,
	"codigo_regimen" varchar(2) NOT NULL,
	"fecha_numeracion" date,
	"ruc_importador" varchar(11),
	"razon_importador" varchar(200),
	"valor_fob" numeric(14, 2) DEFAULT '0' NOT NULL,
	"flete" numeric(14, 2) DEFAULT '0' NOT NULL,
	"seguro" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cif" numeric(14, 2) DEFAULT '0' NOT NULL,
	"peso_bruto" numeric(14, 3) DEFAULT '0' NOT NULL,
	"peso_neto" numeric(14, 3) DEFAULT '0' NOT NULL,
	"total_bultos" integer DEFAULT 0 NOT NULL,
	"numero_series" integer DEFAULT 0 NOT NULL,
	"canal" varchar(10),
	"requiere_levante" boolean DEFAULT true NOT NULL,
	"estado_levante" smallint DEFAULT 0 NOT NULL,
	"fecha_levante" timestamp with time zone,
	"origen" varchar(12) DEFAULT 'manual' NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_modificacion" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaracion_consulta" (
	"codigo_consulta" serial PRIMARY KEY NOT NULL,
	"codigo_declaracion" integer NOT NULL,
	"numero_declaracion" varchar(20) NOT NULL,
	"proveedor" varchar(30) NOT NULL,
	"levante" boolean NOT NULL,
	"respuesta" jsonb NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_consulta" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaracion_movimiento" (
	"codigo_declaracion_movimiento" serial PRIMARY KEY NOT NULL,
	"codigo_declaracion" integer NOT NULL,
	"codigo_movimiento" integer NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaracion_observacion" (
	"codigo_movimiento" integer PRIMARY KEY NOT NULL,
	"texto" text NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaracion_tolerancia" (
	"codigo" smallint PRIMARY KEY NOT NULL,
	"porcentaje_peso" numeric(6, 2) DEFAULT '2' NOT NULL,
	"bultos" integer DEFAULT 0 NOT NULL,
	"fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "acta_apertura" ADD CONSTRAINT "acta_apertura_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acta_apertura" ADD CONSTRAINT "acta_apertura_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acta_apertura_foto" ADD CONSTRAINT "acta_apertura_foto_codigo_acta_apertura_acta_apertura_codigo_acta_apertura_fk" FOREIGN KEY ("codigo_acta_apertura") REFERENCES "public"."acta_apertura"("codigo_acta_apertura") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaracion" ADD CONSTRAINT "declaracion_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaracion_consulta" ADD CONSTRAINT "declaracion_consulta_codigo_declaracion_declaracion_codigo_declaracion_fk" FOREIGN KEY ("codigo_declaracion") REFERENCES "public"."declaracion"("codigo_declaracion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaracion_movimiento" ADD CONSTRAINT "declaracion_movimiento_codigo_declaracion_declaracion_codigo_declaracion_fk" FOREIGN KEY ("codigo_declaracion") REFERENCES "public"."declaracion"("codigo_declaracion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaracion_movimiento" ADD CONSTRAINT "declaracion_movimiento_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaracion_observacion" ADD CONSTRAINT "declaracion_observacion_codigo_movimiento_movimiento_codigo_movimiento_fk" FOREIGN KEY ("codigo_movimiento") REFERENCES "public"."movimiento"("codigo_movimiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acta_apertura_numero_uq" ON "acta_apertura" USING btree ("numero_acta");--> statement-breakpoint
CREATE UNIQUE INDEX "acta_apertura_token_uq" ON "acta_apertura" USING btree ("token_verificacion");--> statement-breakpoint
CREATE INDEX "acta_apertura_movimiento_idx" ON "acta_apertura" USING btree ("codigo_movimiento");--> statement-breakpoint
CREATE INDEX "acta_apertura_empresa_fecha_idx" ON "acta_apertura" USING btree ("codigo_empresa_usuario","fecha_apertura");--> statement-breakpoint
CREATE INDEX "acta_apertura_foto_acta_idx" ON "acta_apertura_foto" USING btree ("codigo_acta_apertura");--> statement-breakpoint
CREATE UNIQUE INDEX "declaracion_empresa_numero_uq" ON "declaracion" USING btree ("codigo_empresa_usuario","numero_declaracion");--> statement-breakpoint
CREATE INDEX "declaracion_numero_trgm" ON "declaracion" USING gin ("numero_declaracion" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "declaracion_corto_idx" ON "declaracion" USING btree ("numero_corto");--> statement-breakpoint
CREATE INDEX "declaracion_fecha_idx" ON "declaracion" USING btree ("fecha_numeracion");--> statement-breakpoint
CREATE INDEX "declaracion_regimen_idx" ON "declaracion" USING btree ("codigo_regimen");--> statement-breakpoint
CREATE INDEX "declaracion_consulta_decl_idx" ON "declaracion_consulta" USING btree ("codigo_declaracion","fecha_consulta");--> statement-breakpoint
CREATE UNIQUE INDEX "declaracion_movimiento_uq" ON "declaracion_movimiento" USING btree ("codigo_declaracion","codigo_movimiento");--> statement-breakpoint
CREATE INDEX "declaracion_movimiento_mov_idx" ON "declaracion_movimiento" USING btree ("codigo_movimiento");
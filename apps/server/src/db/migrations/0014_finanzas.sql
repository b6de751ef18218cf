CREATE TABLE "certificado_firma" (
	"codigo" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"clave_pem" text NOT NULL,
	"certificado_pem" text NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comprobante" (
	"codigo_comprobante" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"tipo_comprobante" varchar(2) NOT NULL,
	"serie" varchar(4) NOT NULL,
	"numero" integer NOT NULL,
	"fecha_emision" date NOT NULL,
	"fecha_vencimiento" date NOT NULL,
	"moneda" varchar(3) NOT NULL,
	"ruc_adquirente" varchar(11) NOT NULL,
	"razon_social_adquirente" varchar(200) NOT NULL,
	"total_gravado" numeric(14, 2) NOT NULL,
	"total_exonerado" numeric(14, 2) NOT NULL,
	"total_inafecto" numeric(14, 2) NOT NULL,
	"igv" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"monto_letras" varchar(300) NOT NULL,
	"codigo_comprobante_referencia" integer,
	"motivo" varchar(250),
	"codigo_corrida" integer,
	"xml" text NOT NULL,
	"hash" varchar(100) NOT NULL,
	"estado_envio" varchar(12) DEFAULT 'PENDIENTE' NOT NULL,
	"intentos_envio" integer DEFAULT 0 NOT NULL,
	"fecha_envio" timestamp with time zone,
	"tomado_en" timestamp with time zone,
	"error_envio" text,
	"cdr" text,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_registro" varchar(60)
);
--> statement-breakpoint
CREATE TABLE "comprobante_linea" (
	"codigo_linea" serial PRIMARY KEY NOT NULL,
	"codigo_comprobante" integer NOT NULL,
	"orden" smallint NOT NULL,
	"codigo_servicio" integer,
	"descripcion" varchar(250) NOT NULL,
	"unidad" varchar(20) NOT NULL,
	"cantidad" numeric(12, 3) NOT NULL,
	"valor_unitario" numeric(12, 2) NOT NULL,
	"afectacion_igv" varchar(2) NOT NULL,
	"valor_venta" numeric(14, 2) NOT NULL,
	"igv" numeric(14, 2) NOT NULL,
	"origen" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corrida_facturacion" (
	"codigo_corrida" serial PRIMARY KEY NOT NULL,
	"periodo" varchar(7) NOT NULL,
	"codigo_empresa_usuario" integer,
	"comprobantes_emitidos" integer DEFAULT 0 NOT NULL,
	"empresas_omitidas" integer DEFAULT 0 NOT NULL,
	"resultado" text NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_registro" varchar(60)
);
--> statement-breakpoint
CREATE TABLE "pago_comprobante" (
	"codigo_pago" serial PRIMARY KEY NOT NULL,
	"codigo_comprobante" integer NOT NULL,
	"monto" numeric(14, 2) NOT NULL,
	"fecha_pago" date NOT NULL,
	"metodo" varchar(20) NOT NULL,
	"referencia" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_registro" varchar(60)
);
--> statement-breakpoint
CREATE TABLE "parametro_finanzas" (
	"codigo" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"dias_credito" integer DEFAULT 30 NOT NULL,
	"dias_bloqueo" integer DEFAULT 15 NOT NULL,
	"tasa_mora_diaria" numeric(6, 4) DEFAULT '0.0500' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodo_facturado" (
	"codigo_empresa_usuario" integer NOT NULL,
	"periodo" varchar(7) NOT NULL,
	"codigo_comprobante" integer NOT NULL,
	"codigo_corrida" integer NOT NULL,
	CONSTRAINT "periodo_facturado_codigo_empresa_usuario_periodo_pk" PRIMARY KEY("codigo_empresa_usuario","periodo")
);
--> statement-breakpoint
CREATE TABLE "precio_servicio" (
	"codigo_precio" serial PRIMARY KEY NOT NULL,
	"codigo_servicio" integer NOT NULL,
	"precio" numeric(12, 2) NOT NULL,
	"vigente_desde" date NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_registro" varchar(60)
);
--> statement-breakpoint
CREATE TABLE "serie_comprobante" (
	"tipo_comprobante" varchar(2) NOT NULL,
	"serie" varchar(4) NOT NULL,
	"ultimo_numero" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "serie_comprobante_tipo_comprobante_serie_pk" PRIMARY KEY("tipo_comprobante","serie")
);
--> statement-breakpoint
CREATE TABLE "servicio_tarifa" (
	"codigo_servicio" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"descripcion" varchar(200) NOT NULL,
	"unidad" varchar(20) NOT NULL,
	"moneda" varchar(3) NOT NULL,
	"afectacion_igv" varchar(2) NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_registro" varchar(60)
);
--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprobante_linea" ADD CONSTRAINT "comprobante_linea_codigo_comprobante_comprobante_codigo_comprobante_fk" FOREIGN KEY ("codigo_comprobante") REFERENCES "public"."comprobante"("codigo_comprobante") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pago_comprobante" ADD CONSTRAINT "pago_comprobante_codigo_comprobante_comprobante_codigo_comprobante_fk" FOREIGN KEY ("codigo_comprobante") REFERENCES "public"."comprobante"("codigo_comprobante") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "precio_servicio" ADD CONSTRAINT "precio_servicio_codigo_servicio_servicio_tarifa_codigo_servicio_fk" FOREIGN KEY ("codigo_servicio") REFERENCES "public"."servicio_tarifa"("codigo_servicio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comprobante_numero_uq" ON "comprobante" USING btree ("tipo_comprobante","serie","numero");--> statement-breakpoint
CREATE INDEX "comprobante_empresa_idx" ON "comprobante" USING btree ("codigo_empresa_usuario","fecha_emision");--> statement-breakpoint
CREATE INDEX "comprobante_envio_idx" ON "comprobante" USING btree ("estado_envio");--> statement-breakpoint
CREATE INDEX "comprobante_linea_comprobante_idx" ON "comprobante_linea" USING btree ("codigo_comprobante");--> statement-breakpoint
CREATE INDEX "pago_comprobante_idx" ON "pago_comprobante" USING btree ("codigo_comprobante");--> statement-breakpoint
CREATE UNIQUE INDEX "precio_servicio_desde_uq" ON "precio_servicio" USING btree ("codigo_servicio","vigente_desde");--> statement-breakpoint
CREATE UNIQUE INDEX "servicio_tarifa_codigo_uq" ON "servicio_tarifa" USING btree ("codigo");
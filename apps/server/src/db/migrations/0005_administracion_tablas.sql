CREATE TABLE "control_colaborador_empresa" (
	"codigo_control_colaborador_empresa" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"condicion_laboral" varchar(4) NOT NULL,
	"code_tipo_documento_peaton" varchar(4) NOT NULL,
	"numero_documento_identidad" varchar(12) NOT NULL,
	"apellido_paterno" varchar(20) NOT NULL,
	"apellido_materno" varchar(20) DEFAULT '' NOT NULL,
	"nombre" varchar(30) NOT NULL,
	"codigo_persona" integer,
	"genero" varchar(4),
	"nacionalidad" varchar(4),
	"codigo_cargo" varchar(60) NOT NULL,
	"codigo_control" varchar(20) NOT NULL,
	"fecha_inicio_contrato" date NOT NULL,
	"fecha_vencimiento_contrato" date,
	"placa" varchar(8),
	"fecha_inicio_soat" date,
	"fecha_fin_soat" date,
	"lunes" smallint DEFAULT 0 NOT NULL,
	"martes" smallint DEFAULT 0 NOT NULL,
	"miercoles" smallint DEFAULT 0 NOT NULL,
	"jueves" smallint DEFAULT 0 NOT NULL,
	"viernes" smallint DEFAULT 0 NOT NULL,
	"sabado" smallint DEFAULT 0 NOT NULL,
	"domingo" smallint DEFAULT 0 NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresa_lista_blanca" (
	"codigo_empresa_lista_blanca" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"fecha_expiracion_hasta" date NOT NULL,
	"documento_autorizacion" varchar(30) NOT NULL,
	"ruta_archivo" varchar(255) NOT NULL,
	"nombre_archivo" varchar(255) NOT NULL,
	"tamanio" integer NOT NULL,
	"estado_registro" smallint DEFAULT 1 NOT NULL,
	"codigo_usuario" integer NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresa_usuario_empleado" (
	"codigo_empresa_usuario_empleado" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"anio_mes" varchar(7) NOT NULL,
	"numero_peruana" integer NOT NULL,
	"numero_peruano" integer NOT NULL,
	"numero_extranjero" integer NOT NULL,
	"numero_empleado_indirecto" integer NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"usuario_registro" varchar(60),
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "control_colaborador_empresa" ADD CONSTRAINT "control_colaborador_empresa_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_colaborador_empresa" ADD CONSTRAINT "control_colaborador_empresa_codigo_persona_persona_codigo_persona_fk" FOREIGN KEY ("codigo_persona") REFERENCES "public"."persona"("codigo_persona") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_lista_blanca" ADD CONSTRAINT "empresa_lista_blanca_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_usuario_empleado" ADD CONSTRAINT "empresa_usuario_empleado_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "colaborador_empresa_documento_uq" ON "control_colaborador_empresa" USING btree ("codigo_empresa_usuario","code_tipo_documento_peaton","numero_documento_identidad");--> statement-breakpoint
CREATE INDEX "colaborador_documento_idx" ON "control_colaborador_empresa" USING btree ("numero_documento_identidad");--> statement-breakpoint
CREATE INDEX "colaborador_nombre_trgm" ON "control_colaborador_empresa" USING gin (("apellido_paterno" || ' ' || "apellido_materno" || ' ' || "nombre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lista_blanca_empresa_idx" ON "empresa_lista_blanca" USING btree ("codigo_empresa_usuario","fecha_registro");--> statement-breakpoint
CREATE UNIQUE INDEX "empresa_empleado_mes_uq" ON "empresa_usuario_empleado" USING btree ("codigo_empresa_usuario","anio_mes");
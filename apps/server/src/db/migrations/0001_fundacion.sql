CREATE TABLE "almacen" (
	"codigo_empresa_almacen" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresa_usuario" (
	"codigo_empresa_usuario" serial PRIMARY KEY NOT NULL,
	"ruc" varchar(11) NOT NULL,
	"razon_social" varchar(200) NOT NULL,
	"nombre_comercial" varchar(200),
	"direccion" varchar(300),
	"codigo_tipo_empresa" varchar(10),
	"codigo_tipo_usuario" varchar(10),
	"codigo_tipo_actividad" varchar(10),
	"codigo_condicion" varchar(10),
	"numero_contrato" varchar(30),
	"fecha_contrato" date,
	"fecha_inicio_operacion" date,
	"representante_legal" varchar(150),
	"empresa_codigo_aduana" varchar(20),
	"correo_eletronico" varchar(150),
	"numero_telefonico" varchar(9),
	"correo_electronico_notificacion" text,
	"area_total" varchar(6),
	"numero_lote" varchar(6),
	"area_construida" varchar(6),
	"inversion_comprometida" numeric(12, 2),
	"inversion_nacional" numeric(12, 2),
	"inversion_extranjera" numeric(12, 2),
	"indicador_almacen_activo" boolean DEFAULT false NOT NULL,
	"indicador_registro_especial_excel" boolean DEFAULT false NOT NULL,
	"indicador_bloqueo" boolean DEFAULT false NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_registro" varchar(60),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "importador" (
	"codigo_importador" serial PRIMARY KEY NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"ruc" varchar(11) NOT NULL,
	"razon_social" varchar(200) NOT NULL,
	"direccion" varchar(300),
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arancel" (
	"codigo_arancel" serial PRIMARY KEY NOT NULL,
	"numero_partida" varchar(10) NOT NULL,
	"descripcion" text NOT NULL,
	"actividad_permitida" boolean DEFAULT true NOT NULL,
	"state_type_id" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parametro" (
	"codigo_parametro" integer PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"descripcion" varchar(300) NOT NULL,
	"indicardor_permite_agregar_valor" boolean DEFAULT true NOT NULL,
	"indicardor_permite_modificar_valor" boolean DEFAULT true NOT NULL,
	"estado_registro" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parametro_seccion" (
	"codigo_seccion" serial PRIMARY KEY NOT NULL,
	"codigo_parametro" integer NOT NULL,
	"codigo" varchar(40) NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"solo_lectura" boolean DEFAULT false NOT NULL,
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intento_login" (
	"clave" varchar(60) PRIMARY KEY NOT NULL,
	"fallidos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo" timestamp with time zone,
	"bloqueado_hasta" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "log_sistema" (
	"codigo_log" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" varchar(80) NOT NULL,
	"detalle" text,
	"codigo_usuario" integer,
	"codigo_empresa_usuario" integer,
	"id_solicitud" varchar(64),
	"entidad" varchar(60),
	"codigo_entidad" varchar(60),
	"antes" text,
	"despues" text
);
--> statement-breakpoint
CREATE TABLE "permiso" (
	"codigo_permiso" serial PRIMARY KEY NOT NULL,
	"codigo_padre" integer,
	"modulo" varchar(80) NOT NULL,
	"link" varchar(100) NOT NULL,
	"url_link" varchar(120),
	"icono_link" varchar(60) NOT NULL,
	"index_link" integer NOT NULL,
	CONSTRAINT "permiso_modulo_unique" UNIQUE("modulo")
);
--> statement-breakpoint
CREATE TABLE "permiso_rol" (
	"codigo_rol" smallint NOT NULL,
	"codigo_permiso" integer NOT NULL,
	"permite_listar" boolean DEFAULT false NOT NULL,
	"permite_agregar" boolean DEFAULT false NOT NULL,
	"permite_editar" boolean DEFAULT false NOT NULL,
	"permite_eliminar" boolean DEFAULT false NOT NULL,
	CONSTRAINT "permiso_rol_codigo_rol_codigo_permiso_pk" PRIMARY KEY("codigo_rol","codigo_permiso")
);
--> statement-breakpoint
CREATE TABLE "permiso_usuario" (
	"codigo_usuario" integer NOT NULL,
	"codigo_permiso" integer NOT NULL,
	"permite_listar" boolean DEFAULT false NOT NULL,
	"permite_agregar" boolean DEFAULT false NOT NULL,
	"permite_editar" boolean DEFAULT false NOT NULL,
	"permite_eliminar" boolean DEFAULT false NOT NULL,
	CONSTRAINT "permiso_usuario_codigo_usuario_codigo_permiso_pk" PRIMARY KEY("codigo_usuario","codigo_permiso")
);
--> statement-breakpoint
CREATE TABLE "rol" (
	"codigo_rol" smallint PRIMARY KEY NOT NULL,
	"nombre" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesion" (
	"codigo_sesion" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"codigo_usuario" integer NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_actividad" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"revocada_en" timestamp with time zone,
	"ip" varchar(64),
	"agente" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"codigo_usuario" serial PRIMARY KEY NOT NULL,
	"nombre_usuario" varchar(60) NOT NULL,
	"contrasenia_hash" text NOT NULL,
	"nombre" varchar(60) NOT NULL,
	"apellido_paterno" varchar(40) DEFAULT '' NOT NULL,
	"apellido_materno" varchar(40) DEFAULT '' NOT NULL,
	"correo_electronico" varchar(150),
	"cargo" varchar(100),
	"codigo_rol" smallint NOT NULL,
	"nivel_usuario" smallint NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"code_tipo_documento_peaton" varchar(4),
	"numero_documento_identidad" varchar(12),
	"estado_anulado" smallint DEFAULT 0 NOT NULL,
	"debe_cambiar_contrasenia" boolean DEFAULT false NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_registro" varchar(60),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "almacen" ADD CONSTRAINT "almacen_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importador" ADD CONSTRAINT "importador_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parametro_seccion" ADD CONSTRAINT "parametro_seccion_codigo_parametro_parametro_codigo_parametro_fk" FOREIGN KEY ("codigo_parametro") REFERENCES "public"."parametro"("codigo_parametro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permiso_rol" ADD CONSTRAINT "permiso_rol_codigo_rol_rol_codigo_rol_fk" FOREIGN KEY ("codigo_rol") REFERENCES "public"."rol"("codigo_rol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permiso_rol" ADD CONSTRAINT "permiso_rol_codigo_permiso_permiso_codigo_permiso_fk" FOREIGN KEY ("codigo_permiso") REFERENCES "public"."permiso"("codigo_permiso") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permiso_usuario" ADD CONSTRAINT "permiso_usuario_codigo_usuario_usuario_codigo_usuario_fk" FOREIGN KEY ("codigo_usuario") REFERENCES "public"."usuario"("codigo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permiso_usuario" ADD CONSTRAINT "permiso_usuario_codigo_permiso_permiso_codigo_permiso_fk" FOREIGN KEY ("codigo_permiso") REFERENCES "public"."permiso"("codigo_permiso") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion" ADD CONSTRAINT "sesion_codigo_usuario_usuario_codigo_usuario_fk" FOREIGN KEY ("codigo_usuario") REFERENCES "public"."usuario"("codigo_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_codigo_rol_rol_codigo_rol_fk" FOREIGN KEY ("codigo_rol") REFERENCES "public"."rol"("codigo_rol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_codigo_empresa_usuario_empresa_usuario_codigo_empresa_usuario_fk" FOREIGN KEY ("codigo_empresa_usuario") REFERENCES "public"."empresa_usuario"("codigo_empresa_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "almacen_empresa_idx" ON "almacen" USING btree ("codigo_empresa_usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "empresa_usuario_ruc_uq" ON "empresa_usuario" USING btree ("ruc");--> statement-breakpoint
CREATE INDEX "empresa_usuario_razon_social_trgm" ON "empresa_usuario" USING gin ("razon_social" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "importador_empresa_ruc_uq" ON "importador" USING btree ("codigo_empresa_usuario","ruc");--> statement-breakpoint
CREATE UNIQUE INDEX "arancel_partida_uq" ON "arancel" USING btree ("numero_partida");--> statement-breakpoint
CREATE INDEX "arancel_descripcion_trgm" ON "arancel" USING gin ("descripcion" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "parametro_seccion_codigo_uq" ON "parametro_seccion" USING btree ("codigo_parametro","codigo");--> statement-breakpoint
CREATE INDEX "log_sistema_fecha_idx" ON "log_sistema" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "log_sistema_usuario_idx" ON "log_sistema" USING btree ("codigo_usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "sesion_token_uq" ON "sesion" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sesion_usuario_idx" ON "sesion" USING btree ("codigo_usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_nombre_uq" ON "usuario" USING btree (lower("nombre_usuario"));--> statement-breakpoint
CREATE INDEX "usuario_empresa_idx" ON "usuario" USING btree ("codigo_empresa_usuario");
CREATE TABLE "solicitud_idempotente" (
	"codigo_usuario" integer NOT NULL,
	"clave" varchar(100) NOT NULL,
	"ruta" varchar(300) NOT NULL,
	"codigo_estado" smallint,
	"cuerpo" text,
	"tipo_contenido" varchar(100),
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solicitud_idempotente_codigo_usuario_clave_pk" PRIMARY KEY("codigo_usuario","clave")
);
--> statement-breakpoint
CREATE INDEX "solicitud_idempotente_fecha_idx" ON "solicitud_idempotente" USING btree ("fecha");
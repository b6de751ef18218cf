CREATE TABLE "notificacion" (
	"codigo_notificacion" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"titulo" varchar(150) NOT NULL,
	"mensaje" varchar(1000) NOT NULL,
	"enlace" varchar(300),
	"datos" jsonb,
	"codigo_empresa_usuario" integer,
	"empresa_completa" boolean DEFAULT true NOT NULL,
	"roles" smallint[],
	"modulos" varchar(80)[],
	"codigo_usuario" integer,
	"codigo_usuario_origen" integer,
	"clave" varchar(120)
);
--> statement-breakpoint
CREATE INDEX "notificacion_fecha_idx" ON "notificacion" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "notificacion_empresa_idx" ON "notificacion" USING btree ("codigo_empresa_usuario","codigo_notificacion");--> statement-breakpoint
CREATE INDEX "notificacion_usuario_idx" ON "notificacion" USING btree ("codigo_usuario","codigo_notificacion");--> statement-breakpoint
CREATE UNIQUE INDEX "notificacion_clave_uq" ON "notificacion" USING btree ("clave") WHERE "notificacion"."clave" is not null;
CREATE TABLE "umbral_permanencia" (
	"codigo_tipo_control" smallint PRIMARY KEY NOT NULL,
	"minutos" integer NOT NULL,
	"usuario_modificacion" varchar(60),
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movimiento" ADD COLUMN "fecha_etapa" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "movimiento" ADD COLUMN "verificacion_finalizada" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "movimiento_abiertas_idx" ON "movimiento" USING btree ("codigo_estado_movimiento","codigo_empresa_usuario","fecha_etapa") WHERE "movimiento"."codigo_estado_movimiento" < 5 and "movimiento"."estado_anulado" = 0;
CREATE TABLE "consulta_externa" (
	"codigo" varchar(20) PRIMARY KEY NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"usuario_modificacion" varchar(60),
	"fecha_modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reporte_problema" (
	"codigo_reporte_problema" serial PRIMARY KEY NOT NULL,
	"texto" text NOT NULL,
	"pagina" varchar(500) DEFAULT '' NOT NULL,
	"navegador" varchar(500) DEFAULT '' NOT NULL,
	"codigo_usuario" integer NOT NULL,
	"nombre_usuario" varchar(60) NOT NULL,
	"codigo_empresa_usuario" integer NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reporte_problema_fecha_idx" ON "reporte_problema" USING btree ("fecha_registro");
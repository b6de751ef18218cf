CREATE TABLE "trabajo" (
	"nombre" varchar(80) PRIMARY KEY NOT NULL,
	"ocupado_por" varchar(80),
	"ocupado_hasta" timestamp with time zone,
	"proxima_en" timestamp with time zone DEFAULT now() NOT NULL,
	"fallos_seguidos" integer DEFAULT 0 NOT NULL,
	"ejecuciones" bigint DEFAULT 0 NOT NULL,
	"fallas" bigint DEFAULT 0 NOT NULL,
	"ultima_duracion_ms" integer,
	"ultimo_exito" timestamp with time zone,
	"ultimo_error" text
);

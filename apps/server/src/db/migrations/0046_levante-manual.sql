-- A levante recorded by hand when the release query is off or does not answer: who recorded it and the document
-- they saw (the date goes where every levante goes, fecha_levante). Existing levantes came from the query: false.
ALTER TABLE "declaracion" ADD COLUMN "levante_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "declaracion" ADD COLUMN "usuario_levante" varchar(60);--> statement-breakpoint
ALTER TABLE "declaracion" ADD COLUMN "documento_levante" varchar(200);
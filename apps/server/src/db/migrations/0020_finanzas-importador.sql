ALTER TABLE "importador" ADD COLUMN "fecha_inicio" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "importador" ADD COLUMN "fecha_cese" date DEFAULT current_date + 364 NOT NULL;--> statement-breakpoint
-- Existing importers: registered for a year from the day (Lima) they were recorded.
UPDATE "importador" SET "fecha_inicio" = ("fecha_registro" at time zone 'America/Lima')::date, "fecha_cese" = ("fecha_registro" at time zone 'America/Lima')::date + 364;

-- A billing run records the last day it billed.
ALTER TABLE "corrida_facturacion" ADD COLUMN "fecha_corte" date;--> statement-breakpoint
-- A payment can be annulled (a mistaken entry): it stays listed with its reason and leaves the balance.
ALTER TABLE "pago_comprobante" ADD COLUMN "estado_anulado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pago_comprobante" ADD COLUMN "motivo_anulacion" varchar(250);--> statement-breakpoint
ALTER TABLE "pago_comprobante" ADD COLUMN "usuario_anulacion" varchar(60);--> statement-breakpoint
ALTER TABLE "pago_comprobante" ADD COLUMN "fecha_anulacion" timestamp with time zone;--> statement-breakpoint
-- A company's billed period remembers the last day billed, so a later run of the period bills only the days after it.
-- The runs before this column billed the whole month (even days still to come): they are billed through its last day.
ALTER TABLE "periodo_facturado" ADD COLUMN "fecha_corte" date;--> statement-breakpoint
UPDATE "periodo_facturado" SET "fecha_corte" = (to_date("periodo" || '-01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day')::date;--> statement-breakpoint
ALTER TABLE "periodo_facturado" ALTER COLUMN "fecha_corte" SET NOT NULL;--> statement-breakpoint
-- A boleta may be issued to a person (DNI, catálogo 06 '1'); every voucher before it was to a company (RUC).
ALTER TABLE "comprobante" ADD COLUMN "tipo_documento_adquirente" varchar(1) DEFAULT '6' NOT NULL;

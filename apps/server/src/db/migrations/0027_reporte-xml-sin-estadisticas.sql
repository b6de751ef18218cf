-- The kept report rows' XML is never filtered, joined or sorted by: ANALYZE gathers no statistics on it. Its
-- sample of a thousand-character text per row was most of the table's ANALYZE (the embedded database's maintenance
-- holds its one connection for that statement).
ALTER TABLE "reporte_op1_fila" ALTER COLUMN "xml" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "reporte_op3_fila" ALTER COLUMN "xml" SET STATISTICS 0;

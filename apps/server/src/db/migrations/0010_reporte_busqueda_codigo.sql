-- Order lists search the order code with ILIKE (Columna M.CODIGO_INGRESO): a trigram index serves it at a year of
-- orders (benchmark-reportes: p95 103 ms without it on PostgreSQL).
CREATE INDEX IF NOT EXISTS "movimiento_codigo_ingreso_trgm" ON "movimiento" USING gin ("codigo_ingreso" gin_trgm_ops);

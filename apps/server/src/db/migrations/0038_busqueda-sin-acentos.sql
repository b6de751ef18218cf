-- Searches that ignore accents ('raul' finds 'RAÚL'): sin_acentos() gives a text with its accented vowels (and ç) as
-- their plain letters, in both cases; ñ stays ñ, a letter of its own. IMMUTABLE, so indexes can hold it: the trigram
-- indexes of the names the large lists search are rebuilt on it (platform/paginacion.ts, sinAcentos).
CREATE OR REPLACE FUNCTION sin_acentos(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate($1, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇáàâäãéèêëíìîïóòôöõúùûüç', 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc') $$;--> statement-breakpoint
DROP INDEX "colaborador_nombre_trgm";--> statement-breakpoint
DROP INDEX "catalogo_descripcion_trgm";--> statement-breakpoint
DROP INDEX "empresa_usuario_razon_social_trgm";--> statement-breakpoint
DROP INDEX "arancel_descripcion_trgm";--> statement-breakpoint
CREATE INDEX "colaborador_nombre_trgm" ON "control_colaborador_empresa" USING gin (sin_acentos((trim("apellido_paterno" || ' ' || "apellido_materno") || ', ' || "nombre")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogo_descripcion_trgm" ON "catalogo_usuario" USING gin (sin_acentos("descripcion") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "empresa_usuario_razon_social_trgm" ON "empresa_usuario" USING gin (sin_acentos("razon_social") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "arancel_descripcion_trgm" ON "arancel" USING gin (sin_acentos("descripcion") gin_trgm_ops);
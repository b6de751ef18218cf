-- Trigram indexes make the ILIKE searches of every list screen fast; unaccent lets 'Tacna' find 'TACNÁ'.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;

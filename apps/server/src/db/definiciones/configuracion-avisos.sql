-- The stages' checklists are kept in each API instance (platform/cache-configuracion.ts): a change of them is
-- announced on the channel 'cronos_acceso' with the payload 'c' when its transaction commits, and every instance
-- reads them again.
CREATE OR REPLACE FUNCTION cronos_aviso_configuracion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cronos_acceso', 'c');
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER configuracion_tipo_control_detalle_aviso AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON configuracion_tipo_control_detalle FOR EACH STATEMENT EXECUTE FUNCTION cronos_aviso_configuracion();

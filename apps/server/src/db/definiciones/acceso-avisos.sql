-- Announces on the channel 'cronos_acceso', when its transaction commits, every change that can end a session or
-- change what a user may do; each API instance drops what it had cached for it (platform/cache-acceso.ts).
-- Payloads: 's:<codigo_sesion>' (a session revoked), 'u:<codigo_usuario>' (a user's data, state or permissions),
-- '*' (the menu tree itself).
CREATE OR REPLACE FUNCTION cronos_aviso_acceso() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sesion' THEN
    IF NEW.revocada_en IS NOT NULL AND OLD.revocada_en IS NULL THEN
      PERFORM pg_notify('cronos_acceso', 's:' || NEW.codigo_sesion);
    END IF;
  ELSIF TG_TABLE_NAME = 'usuario' THEN
    PERFORM pg_notify('cronos_acceso', 'u:' || COALESCE(NEW.codigo_usuario, OLD.codigo_usuario));
  ELSIF TG_TABLE_NAME = 'permiso_usuario' THEN
    PERFORM pg_notify('cronos_acceso', 'u:' || COALESCE(NEW.codigo_usuario, OLD.codigo_usuario));
  ELSE
    PERFORM pg_notify('cronos_acceso', '*');
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER sesion_aviso_acceso AFTER UPDATE OF revocada_en ON sesion
  FOR EACH ROW EXECUTE FUNCTION cronos_aviso_acceso();
CREATE OR REPLACE TRIGGER usuario_aviso_acceso AFTER UPDATE OR DELETE ON usuario
  FOR EACH ROW EXECUTE FUNCTION cronos_aviso_acceso();
CREATE OR REPLACE TRIGGER permiso_usuario_aviso_acceso AFTER INSERT OR UPDATE OR DELETE ON permiso_usuario
  FOR EACH ROW EXECUTE FUNCTION cronos_aviso_acceso();
CREATE OR REPLACE TRIGGER permiso_aviso_acceso AFTER INSERT OR UPDATE OR DELETE ON permiso
  FOR EACH STATEMENT EXECUTE FUNCTION cronos_aviso_acceso();

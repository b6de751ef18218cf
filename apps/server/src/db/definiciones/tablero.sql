-- The live board (modules/tablero) reads when each open order entered the stage it waits at. The stage
-- services write control_movimiento; this trigger keeps movimiento.fecha_etapa and
-- movimiento.verificacion_finalizada true in the same transaction, so no stage code has to know the board.
CREATE OR REPLACE FUNCTION tablero_movimiento_nuevo() RETURNS trigger AS $$
BEGIN
  NEW.fecha_etapa := NEW.fecha_registro;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER tablero_movimiento_nuevo BEFORE INSERT ON movimiento
  FOR EACH ROW EXECUTE FUNCTION tablero_movimiento_nuevo();
CREATE OR REPLACE FUNCTION tablero_control_etapa() RETURNS trigger AS $$
BEGIN
  -- An unfinished verification keeps the order in its stage; a finished record moves it on.
  IF NOT NEW.finalizado THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.finalizado THEN
    RETURN NULL;
  END IF;
  UPDATE movimiento m
     SET fecha_etapa = greatest(m.fecha_etapa, coalesce(NEW.fecha_finalizacion, NEW.fecha_registro)),
         verificacion_finalizada = CASE WHEN NEW.codigo_tipo_control IN (3, 5)
                                        THEN greatest(m.verificacion_finalizada, NEW.codigo_tipo_control)
                                        ELSE m.verificacion_finalizada END
   WHERE m.codigo_movimiento = NEW.codigo_movimiento;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER tablero_control_etapa AFTER INSERT OR UPDATE OF finalizado ON control_movimiento
  FOR EACH ROW EXECUTE FUNCTION tablero_control_etapa();

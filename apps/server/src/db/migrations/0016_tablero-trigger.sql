-- The live board (modules/tablero) reads when each open order entered the stage it waits at. The stage
-- services write control_movimiento; this trigger keeps movimiento.fecha_etapa and
-- movimiento.verificacion_finalizada true in the same transaction, so no stage code has to know the board.
CREATE OR REPLACE FUNCTION tablero_movimiento_nuevo() RETURNS trigger AS $$
BEGIN
  NEW.fecha_etapa := NEW.fecha_registro;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tablero_movimiento_nuevo BEFORE INSERT ON movimiento
  FOR EACH ROW EXECUTE FUNCTION tablero_movimiento_nuevo();
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER tablero_control_etapa AFTER INSERT OR UPDATE OF finalizado ON control_movimiento
  FOR EACH ROW EXECUTE FUNCTION tablero_control_etapa();
--> statement-breakpoint
-- Orders already open when the board arrives: their last finished record (or their registration).
UPDATE movimiento m
   SET fecha_etapa = coalesce(
         (SELECT max(coalesce(c.fecha_finalizacion, c.fecha_registro)) FROM control_movimiento c
           WHERE c.codigo_movimiento = m.codigo_movimiento AND c.finalizado),
         m.fecha_registro),
       verificacion_finalizada = coalesce(
         (SELECT max(c.codigo_tipo_control) FROM control_movimiento c
           WHERE c.codigo_movimiento = m.codigo_movimiento AND c.finalizado AND c.codigo_tipo_control IN (3, 5)),
         0)
 WHERE m.codigo_estado_movimiento < 5;

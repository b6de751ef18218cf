-- The kardex keeps its balances as it is written (DOMAIN.md §5): every insert into kardex, whoever
-- writes it (lot credits and debits, the catalogue's initial stock, a count's adjustment), passes through this
-- trigger, which locks the product's saldo_producto row, moves the product's balance and value (weighted
-- average cost) and stores them in the new row. Two writers of one product queue on that row, so the running
-- balance is exact and the CHECKs make a negative balance impossible. The ledger is append-only.
CREATE OR REPLACE FUNCTION kardex_antes_de_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s_cantidad numeric;
  s_valor numeric;
  n_cantidad numeric;
  n_valor numeric;
  costo numeric;
  d_tipo varchar;
  d_numero varchar;
  d_fob numeric;
BEGIN
  IF NEW.codigo_movimiento_detalle IS NOT NULL THEN
    SELECT md.codigo_tipo_documento, md.numero_documento, d.valor_fob INTO d_tipo, d_numero, d_fob
    FROM movimiento_detalle d JOIN movimiento_documento md ON md.codigo_movimiento_documento = d.codigo_movimiento_documento
    WHERE d.codigo_movimiento_detalle = NEW.codigo_movimiento_detalle;
  END IF;
  IF NEW.numero_documento IS NULL THEN
    NEW.numero_documento := coalesce(d_numero, (SELECT l.numero_documento FROM lote l WHERE l.codigo_lote = NEW.codigo_lote));
  END IF;
  IF NEW.tipo_documento IS NULL THEN NEW.tipo_documento := d_tipo; END IF;
  IF NEW.tipo_operacion IS NULL THEN
    NEW.tipo_operacion := CASE
      WHEN NEW.codigo_conteo IS NOT NULL THEN '99'
      WHEN NEW.tipo = 'E' AND NEW.codigo_movimiento IS NULL THEN '16'
      WHEN NEW.tipo = 'E' THEN '02'
      ELSE '01' END;
  END IF;

  INSERT INTO saldo_producto (codigo_catalogo_usuario) VALUES (NEW.codigo_catalogo_usuario) ON CONFLICT DO NOTHING;
  SELECT cantidad, valor INTO s_cantidad, s_valor FROM saldo_producto
  WHERE codigo_catalogo_usuario = NEW.codigo_catalogo_usuario FOR UPDATE;

  IF NEW.tipo = 'E' THEN
    costo := coalesce(NEW.costo_unitario, d_fob, CASE WHEN s_cantidad > 0 THEN s_valor / s_cantidad ELSE 0 END);
    n_cantidad := s_cantidad + NEW.cantidad;
    n_valor := s_valor + NEW.cantidad * costo;
  ELSE
    costo := CASE WHEN s_cantidad > 0 THEN s_valor / s_cantidad ELSE 0 END;
    n_cantidad := s_cantidad - NEW.cantidad;
    n_valor := CASE WHEN n_cantidad = 0 THEN 0 ELSE s_valor - NEW.cantidad * costo END;
  END IF;
  IF n_cantidad < 0 THEN
    RAISE EXCEPTION 'kardex: saldo negativo del producto %', NEW.codigo_catalogo_usuario USING ERRCODE = 'check_violation';
  END IF;
  UPDATE saldo_producto SET cantidad = n_cantidad, valor = round(n_valor, 5), fecha_actualizacion = now()
  WHERE codigo_catalogo_usuario = NEW.codigo_catalogo_usuario;

  NEW.saldo_producto := n_cantidad;
  NEW.costo_unitario := round(costo, 5);
  NEW.costo_promedio := round(CASE WHEN n_cantidad > 0 THEN n_valor / n_cantidad ELSE costo END, 5);
  NEW.saldo_valor := round(n_valor, 5);
  RETURN NEW;
END $$;
CREATE OR REPLACE FUNCTION kardex_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El kardex no se modifica: un ajuste es un nuevo asiento' USING ERRCODE = 'restrict_violation';
END $$;
CREATE OR REPLACE TRIGGER kardex_antes_de_insertar BEFORE INSERT ON kardex FOR EACH ROW EXECUTE FUNCTION kardex_antes_de_insertar();
CREATE OR REPLACE TRIGGER kardex_solo_agregar BEFORE UPDATE OR DELETE ON kardex FOR EACH ROW EXECUTE FUNCTION kardex_solo_agregar();

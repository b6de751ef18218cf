-- The triggers that keep the report rows current: each change of an order, its controls, verifications, documents,
-- lines, or of a company, catalogue product or parameter those rows show renders the affected orders again
-- (reporte_filas_renovar, in reporte-filas.sql), in the statement's transaction.
CREATE OR REPLACE FUNCTION reporte_filas_movimiento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reporte_filas_renovar(array(SELECT n.codigo_movimiento FROM nuevas n));
  ELSE
    PERFORM reporte_filas_renovar(array(SELECT n.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_movimiento = n.codigo_movimiento
      WHERE (n.codigo_empresa_usuario, n.codigo_estado_movimiento, n.codigo_ingreso, n.codigo_salida_aduana, n.codigo_tipo_mercaderia, n.codigo_tipo_operacion, n.codigo_via, n.estado_anulado, n.fecha_ingreso, n.fecha_registro, n.numero_bultos, n.numero_declaracion, n.numero_ticket, n.pais_procedencia, n.placa_dos, n.placa_uno, n.razon_social_transportista_usuario) IS DISTINCT FROM (o.codigo_empresa_usuario, o.codigo_estado_movimiento, o.codigo_ingreso, o.codigo_salida_aduana, o.codigo_tipo_mercaderia, o.codigo_tipo_operacion, o.codigo_via, o.estado_anulado, o.fecha_ingreso, o.fecha_registro, o.numero_bultos, o.numero_declaracion, o.numero_ticket, o.pais_procedencia, o.placa_dos, o.placa_uno, o.razon_social_transportista_usuario)));
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_control() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT n.codigo_movimiento FROM nuevas n WHERE n.codigo_tipo_control IN (2, 4)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT o.codigo_movimiento FROM viejas o WHERE o.codigo_tipo_control IN (2, 4)));
  ELSE
    PERFORM reporte_filas_renovar(array(
      SELECT n.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_control_movimiento = n.codigo_control_movimiento WHERE (n.codigo_movimiento, n.codigo_tipo_control, n.fecha_registro, n.peso, n.peso_carreta, n.peso_bruto, n.peso_tara, n.peso_neto) IS DISTINCT FROM (o.codigo_movimiento, o.codigo_tipo_control, o.fecha_registro, o.peso, o.peso_carreta, o.peso_bruto, o.peso_tara, o.peso_neto)
      UNION SELECT o.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_control_movimiento = n.codigo_control_movimiento WHERE (n.codigo_movimiento, n.codigo_tipo_control, n.fecha_registro, n.peso, n.peso_carreta, n.peso_bruto, n.peso_tara, n.peso_neto) IS DISTINCT FROM (o.codigo_movimiento, o.codigo_tipo_control, o.fecha_registro, o.peso, o.peso_carreta, o.peso_bruto, o.peso_tara, o.peso_neto)));
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_verificacion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT n.codigo_movimiento FROM nuevas n WHERE n.codigo_tipo_control IN (3, 5)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT o.codigo_movimiento FROM viejas o WHERE o.codigo_tipo_control IN (3, 5)));
  ELSE
    PERFORM reporte_filas_renovar(array(
      SELECT n.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_verificacion_tipo_control = n.codigo_verificacion_tipo_control WHERE (n.codigo_movimiento, n.codigo_tipo_control, n.numero_bultos_verificado) IS DISTINCT FROM (o.codigo_movimiento, o.codigo_tipo_control, o.numero_bultos_verificado)
      UNION SELECT o.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_verificacion_tipo_control = n.codigo_verificacion_tipo_control WHERE (n.codigo_movimiento, n.codigo_tipo_control, n.numero_bultos_verificado) IS DISTINCT FROM (o.codigo_movimiento, o.codigo_tipo_control, o.numero_bultos_verificado)));
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_documento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT n.codigo_movimiento FROM nuevas n WHERE true));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT o.codigo_movimiento FROM viejas o WHERE true));
  ELSE
    PERFORM reporte_filas_renovar(array(
      SELECT n.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_movimiento_documento = n.codigo_movimiento_documento WHERE (n.codigo_movimiento, n.ruc, n.razon_social, n.codigo_tipo_documento, n.numero_documento) IS DISTINCT FROM (o.codigo_movimiento, o.ruc, o.razon_social, o.codigo_tipo_documento, o.numero_documento)
      UNION SELECT o.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_movimiento_documento = n.codigo_movimiento_documento WHERE (n.codigo_movimiento, n.ruc, n.razon_social, n.codigo_tipo_documento, n.numero_documento) IS DISTINCT FROM (o.codigo_movimiento, o.ruc, o.razon_social, o.codigo_tipo_documento, o.numero_documento)));
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_linea() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT n.codigo_movimiento FROM nuevas n WHERE true));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT o.codigo_movimiento FROM viejas o WHERE true));
  ELSE
    PERFORM reporte_filas_renovar(array(
      SELECT n.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_movimiento_detalle = n.codigo_movimiento_detalle WHERE (n.codigo_movimiento, n.codigo_movimiento_documento, n.cantidad, n.peso, n.valor_fob, n.codigo_catalogo_usuario) IS DISTINCT FROM (o.codigo_movimiento, o.codigo_movimiento_documento, o.cantidad, o.peso, o.valor_fob, o.codigo_catalogo_usuario)
      UNION SELECT o.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_movimiento_detalle = n.codigo_movimiento_detalle WHERE (n.codigo_movimiento, n.codigo_movimiento_documento, n.cantidad, n.peso, n.valor_fob, n.codigo_catalogo_usuario) IS DISTINCT FROM (o.codigo_movimiento, o.codigo_movimiento_documento, o.cantidad, o.peso, o.valor_fob, o.codigo_catalogo_usuario)));
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_catalogo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporte_filas_renovar(array(SELECT DISTINCT dt.codigo_movimiento FROM movimiento_detalle dt
    WHERE dt.codigo_catalogo_usuario IN (SELECT n.codigo_catalogo_usuario FROM nuevas n JOIN viejas o ON o.codigo_catalogo_usuario = n.codigo_catalogo_usuario
      WHERE (n.codigo_unidad_medida, n.descripcion, n.numero_partida) IS DISTINCT FROM (o.codigo_unidad_medida, o.descripcion, o.numero_partida))));
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_empresa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporte_filas_renovar(array(SELECT m.codigo_movimiento FROM movimiento m
    WHERE m.codigo_empresa_usuario IN (SELECT n.codigo_empresa_usuario FROM nuevas n JOIN viejas o ON o.codigo_empresa_usuario = n.codigo_empresa_usuario
      WHERE (n.razon_social, n.ruc) IS DISTINCT FROM (o.razon_social, o.ruc))));
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_parametro() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cambios text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    cambios := array(SELECT n.codigo_parametro || ':' || n.codigo FROM nuevas n);
  ELSIF TG_OP = 'DELETE' THEN
    cambios := array(SELECT o.codigo_parametro || ':' || o.codigo FROM viejas o);
  ELSE
    cambios := array(SELECT unnest(array[n.codigo_parametro || ':' || n.codigo, o.codigo_parametro || ':' || o.codigo])
      FROM nuevas n JOIN viejas o ON o.codigo_seccion = n.codigo_seccion
      WHERE (n.codigo_parametro, n.codigo, n.nombre) IS DISTINCT FROM (o.codigo_parametro, o.codigo, o.nombre));
  END IF;
  cambios := array(SELECT c FROM unnest(cambios) c WHERE split_part(c, ':', 1) IN ('3', '6', '30', '11', '31', '33', '56'));
  IF coalesce(array_length(cambios, 1), 0) = 0 THEN RETURN NULL; END IF;
  PERFORM reporte_filas_renovar(array(
    SELECT m.codigo_movimiento FROM movimiento m
      WHERE '3:' || m.codigo_tipo_operacion = ANY(cambios)
        OR '6:' || m.codigo_estado_movimiento = ANY(cambios)
        OR '30:' || m.pais_procedencia = ANY(cambios)
        OR '11:' || m.codigo_tipo_mercaderia = ANY(cambios)
        OR '31:' || m.codigo_via = ANY(cambios)
        OR '33:' || m.codigo_salida_aduana = ANY(cambios)
    UNION SELECT d.codigo_movimiento FROM movimiento_documento d WHERE '56:' || d.codigo_tipo_documento = ANY(cambios)));
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER reporte_filas_movimiento_i AFTER INSERT ON movimiento REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_movimiento();
CREATE OR REPLACE TRIGGER reporte_filas_movimiento_u AFTER UPDATE ON movimiento REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_movimiento();
CREATE OR REPLACE TRIGGER reporte_filas_control_i AFTER INSERT ON control_movimiento REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_control();
CREATE OR REPLACE TRIGGER reporte_filas_control_u AFTER UPDATE ON control_movimiento REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_control();
CREATE OR REPLACE TRIGGER reporte_filas_control_d AFTER DELETE ON control_movimiento REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_control();
CREATE OR REPLACE TRIGGER reporte_filas_verificacion_i AFTER INSERT ON verificacion REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_verificacion();
CREATE OR REPLACE TRIGGER reporte_filas_verificacion_u AFTER UPDATE ON verificacion REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_verificacion();
CREATE OR REPLACE TRIGGER reporte_filas_verificacion_d AFTER DELETE ON verificacion REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_verificacion();
CREATE OR REPLACE TRIGGER reporte_filas_documento_i AFTER INSERT ON movimiento_documento REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_documento();
CREATE OR REPLACE TRIGGER reporte_filas_documento_u AFTER UPDATE ON movimiento_documento REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_documento();
CREATE OR REPLACE TRIGGER reporte_filas_documento_d AFTER DELETE ON movimiento_documento REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_documento();
CREATE OR REPLACE TRIGGER reporte_filas_linea_i AFTER INSERT ON movimiento_detalle REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_linea();
CREATE OR REPLACE TRIGGER reporte_filas_linea_u AFTER UPDATE ON movimiento_detalle REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_linea();
CREATE OR REPLACE TRIGGER reporte_filas_linea_d AFTER DELETE ON movimiento_detalle REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_linea();
CREATE OR REPLACE TRIGGER reporte_filas_empresa_u AFTER UPDATE ON empresa_usuario REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_empresa();
CREATE OR REPLACE TRIGGER reporte_filas_parametro_i AFTER INSERT ON parametro_seccion REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_parametro();
CREATE OR REPLACE TRIGGER reporte_filas_parametro_u AFTER UPDATE ON parametro_seccion REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_parametro();
CREATE OR REPLACE TRIGGER reporte_filas_parametro_d AFTER DELETE ON parametro_seccion REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_parametro();
CREATE OR REPLACE TRIGGER reporte_filas_catalogo_u AFTER UPDATE ON catalogo_usuario REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION reporte_filas_catalogo();

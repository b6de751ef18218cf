-- The triggers that keep the report rows current: each change of an order, its controls, verifications, documents,
-- lines, or of a company, catalogue product or parameter those rows show renders the affected orders again, in the
-- statement's transaction (the trigger functions are in reporte-filas.sql, applied before this file).
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

-- Inventory parameters, editable in administration/parametters: group 80 'Inventario' with the hours
-- a company has to justify a count's differences (default 48, DOMAIN.md §11) and the permanence limit in days
-- the stock dashboard warns about.
INSERT INTO parametro (codigo_parametro, nombre, descripcion) VALUES (80, 'Inventario', 'Parámetros del inventario: plazo de justificación de conteos (horas) y límite de permanencia (días)')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO parametro_seccion (codigo_parametro, codigo, nombre, orden) VALUES
  (80, 'PLAZO_JUSTIFICACION_HORAS', '48', 1),
  (80, 'LIMITE_PERMANENCIA_DIAS', '180', 2)
ON CONFLICT DO NOTHING;

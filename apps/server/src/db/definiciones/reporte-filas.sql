-- The kept report rows (modules/reporte/filas-mantenidas*.ts): the functions that render an order's cells and its
-- lines' XML and write them to reporte_fila, reporte_lineas_fila and reporte_lineas_op4_fila.
CREATE OR REPLACE FUNCTION reporte_filas_textos(empresas integer[], textos text[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reporte_texto (texto)
    SELECT DISTINCT t FROM unnest(textos) t WHERE NOT EXISTS (SELECT 1 FROM reporte_texto x WHERE x.texto = t)
    ORDER BY 1
    ON CONFLICT (texto) DO NOTHING;
  INSERT INTO reporte_texto_empresa (codigo_empresa_usuario, codigo)
    SELECT DISTINCT p.e, x.codigo FROM unnest(empresas, textos) p(e, t) JOIN reporte_texto x ON x.texto = p.t
    WHERE NOT EXISTS (SELECT 1 FROM reporte_texto_empresa y WHERE y.codigo_empresa_usuario = p.e AND y.codigo = x.codigo)
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_renovar(ids integer[]) RETURNS void LANGUAGE plpgsql
  SET enable_seqscan = off AS $$
BEGIN
  IF coalesce(array_length(ids, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM movimiento WHERE codigo_movimiento = ANY(ids) ORDER BY codigo_movimiento FOR NO KEY UPDATE;
  INSERT INTO reporte_op1_fila (codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, xml)
  SELECT f.codigo_movimiento, f.fecha_ingreso, f.codigo_empresa_usuario, f.codigo_tipo_operacion, f.codigo_estado_movimiento, f.estado_anulado, concat('<row r="', E'\x01', '">', case when (f."razonSocial")::text is null or (f."razonSocial")::text = '' then ''
    when (f."razonSocial")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c r="A', E'\x01', '"', ' t="str"><v>', (f."razonSocial")::text, '</v></c>')
    else concat('<c r="A', E'\x01', '"', ' t="', case when (f."razonSocial")::text <> btrim((f."razonSocial")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."razonSocial")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."razonSocial")::text <> btrim((f."razonSocial")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."razonSocial")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."razonSocial")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."razonSocial")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."razonSocial")::text <> btrim((f."razonSocial")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then ''
    when (f."tipoOperacion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."razonSocial")::text is null or (f."razonSocial")::text = '' then concat(' r="B', E'\x01', '"') end, ' t="str"><v>', (f."tipoOperacion")::text, '</v></c>')
    else concat('<c', case when (f."razonSocial")::text is null or (f."razonSocial")::text = '' then concat(' r="B', E'\x01', '"') end, ' t="', case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."tipoOperacion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."tipoOperacion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."tipoOperacion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."tipoOperacion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then ''
    when (f."codigoIngreso")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then concat(' r="C', E'\x01', '"') end, ' t="str"><v>', (f."codigoIngreso")::text, '</v></c>')
    else concat('<c', case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then concat(' r="C', E'\x01', '"') end, ' t="', case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoIngreso")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoIngreso")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoIngreso")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoIngreso")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."estadoMovimientoDescripcion")::text is null or (f."estadoMovimientoDescripcion")::text = '' then ''
    when (f."estadoMovimientoDescripcion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then concat(' r="D', E'\x01', '"') end, ' t="str"><v>', (f."estadoMovimientoDescripcion")::text, '</v></c>')
    else concat('<c', case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then concat(' r="D', E'\x01', '"') end, ' t="', case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."estadoMovimientoDescripcion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."estadoMovimientoDescripcion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."estadoMovimientoDescripcion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."estadoMovimientoDescripcion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."rucImportador")::text is null or (f."rucImportador")::text = '' then ''
    when (f."rucImportador")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."estadoMovimientoDescripcion")::text is null or (f."estadoMovimientoDescripcion")::text = '' then concat(' r="E', E'\x01', '"') end, ' t="str"><v>', (f."rucImportador")::text, '</v></c>')
    else concat('<c', case when (f."estadoMovimientoDescripcion")::text is null or (f."estadoMovimientoDescripcion")::text = '' then concat(' r="E', E'\x01', '"') end, ' t="', case when (f."rucImportador")::text <> btrim((f."rucImportador")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."rucImportador")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."rucImportador")::text <> btrim((f."rucImportador")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."rucImportador")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."rucImportador")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."rucImportador")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."rucImportador")::text <> btrim((f."rucImportador")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."razonSocialImportador")::text is null or (f."razonSocialImportador")::text = '' then ''
    when (f."razonSocialImportador")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."rucImportador")::text is null or (f."rucImportador")::text = '' then concat(' r="F', E'\x01', '"') end, ' t="str"><v>', (f."razonSocialImportador")::text, '</v></c>')
    else concat('<c', case when (f."rucImportador")::text is null or (f."rucImportador")::text = '' then concat(' r="F', E'\x01', '"') end, ' t="', case when (f."razonSocialImportador")::text <> btrim((f."razonSocialImportador")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."razonSocialImportador")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."razonSocialImportador")::text <> btrim((f."razonSocialImportador")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."razonSocialImportador")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."razonSocialImportador")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."razonSocialImportador")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."razonSocialImportador")::text <> btrim((f."razonSocialImportador")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroTicket")::text is null or (f."numeroTicket")::text = '' then ''
    when (f."numeroTicket")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."razonSocialImportador")::text is null or (f."razonSocialImportador")::text = '' then concat(' r="G', E'\x01', '"') end, ' t="str"><v>', (f."numeroTicket")::text, '</v></c>')
    else concat('<c', case when (f."razonSocialImportador")::text is null or (f."razonSocialImportador")::text = '' then concat(' r="G', E'\x01', '"') end, ' t="', case when (f."numeroTicket")::text <> btrim((f."numeroTicket")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroTicket")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroTicket")::text <> btrim((f."numeroTicket")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroTicket")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroTicket")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroTicket")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroTicket")::text <> btrim((f."numeroTicket")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."placa")::text is null or (f."placa")::text = '' then ''
    when (f."placa")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."numeroTicket")::text is null or (f."numeroTicket")::text = '' then concat(' r="H', E'\x01', '"') end, ' t="str"><v>', (f."placa")::text, '</v></c>')
    else concat('<c', case when (f."numeroTicket")::text is null or (f."numeroTicket")::text = '' then concat(' r="H', E'\x01', '"') end, ' t="', case when (f."placa")::text <> btrim((f."placa")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."placa")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."placa")::text <> btrim((f."placa")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."placa")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."placa")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."placa")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."placa")::text <> btrim((f."placa")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."transporte")::text is null or (f."transporte")::text = '' then ''
    when (f."transporte")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."placa")::text is null or (f."placa")::text = '' then concat(' r="I', E'\x01', '"') end, ' t="str"><v>', (f."transporte")::text, '</v></c>')
    else concat('<c', case when (f."placa")::text is null or (f."placa")::text = '' then concat(' r="I', E'\x01', '"') end, ' t="', case when (f."transporte")::text <> btrim((f."transporte")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."transporte")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."transporte")::text <> btrim((f."transporte")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."transporte")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."transporte")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."transporte")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."transporte")::text <> btrim((f."transporte")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoDocumento")::text is null or (f."tipoDocumento")::text = '' then ''
    when (f."tipoDocumento")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."transporte")::text is null or (f."transporte")::text = '' then concat(' r="J', E'\x01', '"') end, ' t="str"><v>', (f."tipoDocumento")::text, '</v></c>')
    else concat('<c', case when (f."transporte")::text is null or (f."transporte")::text = '' then concat(' r="J', E'\x01', '"') end, ' t="', case when (f."tipoDocumento")::text <> btrim((f."tipoDocumento")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."tipoDocumento")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."tipoDocumento")::text <> btrim((f."tipoDocumento")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."tipoDocumento")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."tipoDocumento")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."tipoDocumento")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."tipoDocumento")::text <> btrim((f."tipoDocumento")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."documentosFiscales")::text is null or (f."documentosFiscales")::text = '' then ''
    when (f."documentosFiscales")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tipoDocumento")::text is null or (f."tipoDocumento")::text = '' then concat(' r="K', E'\x01', '"') end, ' t="str"><v>', (f."documentosFiscales")::text, '</v></c>')
    else concat('<c', case when (f."tipoDocumento")::text is null or (f."tipoDocumento")::text = '' then concat(' r="K', E'\x01', '"') end, ' t="', case when (f."documentosFiscales")::text <> btrim((f."documentosFiscales")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."documentosFiscales")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."documentosFiscales")::text <> btrim((f."documentosFiscales")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."documentosFiscales")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."documentosFiscales")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."documentosFiscales")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."documentosFiscales")::text <> btrim((f."documentosFiscales")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroDeclaracion")::text is null or (f."numeroDeclaracion")::text = '' then ''
    when (f."numeroDeclaracion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."documentosFiscales")::text is null or (f."documentosFiscales")::text = '' then concat(' r="L', E'\x01', '"') end, ' t="str"><v>', (f."numeroDeclaracion")::text, '</v></c>')
    else concat('<c', case when (f."documentosFiscales")::text is null or (f."documentosFiscales")::text = '' then concat(' r="L', E'\x01', '"') end, ' t="', case when (f."numeroDeclaracion")::text <> btrim((f."numeroDeclaracion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroDeclaracion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroDeclaracion")::text <> btrim((f."numeroDeclaracion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroDeclaracion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroDeclaracion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroDeclaracion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroDeclaracion")::text <> btrim((f."numeroDeclaracion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroBultoUsuario") is null then '' else concat('<c', case when (f."numeroDeclaracion")::text is null or (f."numeroDeclaracion")::text = '' then concat(' r="M', E'\x01', '"') end, ' s="3"><v>', (f."numeroBultoUsuario")::bigint, '</v></c>') end,
case when (f."numeroBultoVerificado") is null then '' else concat('<c', case when (f."numeroBultoUsuario") is null then concat(' r="N', E'\x01', '"') end, ' s="3"><v>', (f."numeroBultoVerificado")::bigint, '</v></c>') end,
case when (f."tUno") is null then '' else concat('<c', case when (f."numeroBultoVerificado") is null then concat(' r="O', E'\x01', '"') end, ' s="4"><v>', floor(((f."tUno") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."tUno") is null then '' else concat('<c', case when (f."tUno") is null then concat(' r="P', E'\x01', '"') end, ' s="5"><v>', (floor((f."tUno") - 18000)::bigint % 86400)::float8 / 86400, '</v></c>') end,
case when (f."pesoUno") is null then '' else concat('<c', case when (f."tUno") is null then concat(' r="Q', E'\x01', '"') end, ' s="2"><v>', (f."pesoUno")::float8, '</v></c>') end,
case when (f."tDos") is null then '' else concat('<c', case when (f."pesoUno") is null then concat(' r="R', E'\x01', '"') end, ' s="4"><v>', floor(((f."tDos") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."tDos") is null then '' else concat('<c', case when (f."tDos") is null then concat(' r="S', E'\x01', '"') end, ' s="5"><v>', (floor((f."tDos") - 18000)::bigint % 86400)::float8 / 86400, '</v></c>') end,
case when (f."pesoDos") is null then '' else concat('<c', case when (f."tDos") is null then concat(' r="T', E'\x01', '"') end, ' s="2"><v>', (f."pesoDos")::float8, '</v></c>') end,
case when (f."pesoBruto") is null then '' else concat('<c', case when (f."pesoDos") is null then concat(' r="U', E'\x01', '"') end, ' s="2"><v>', (f."pesoBruto")::float8, '</v></c>') end,
case when (f."pesoTara") is null then '' else concat('<c', case when (f."pesoBruto") is null then concat(' r="V', E'\x01', '"') end, ' s="2"><v>', (f."pesoTara")::float8, '</v></c>') end,
case when (f."pesoNeto") is null then '' else concat('<c', case when (f."pesoTara") is null then concat(' r="W', E'\x01', '"') end, ' s="2"><v>', (f."pesoNeto")::float8, '</v></c>') end, '</row>') AS xml
  FROM (SELECT m.codigo_movimiento, m.fecha_ingreso, m.codigo_empresa_usuario, m.codigo_tipo_operacion, m.codigo_estado_movimiento, m.estado_anulado, e.razon_social as "razonSocial", top.nombre as "tipoOperacion", m.codigo_ingreso as "codigoIngreso", est.nombre as "estadoMovimientoDescripcion", doc.ruc as "rucImportador", doc.razon_social as "razonSocialImportador", m.numero_ticket as "numeroTicket", nullif(concat_ws(' / ', nullif(m.placa_uno, ''), nullif(m.placa_dos, '')), '') as "placa", m.razon_social_transportista_usuario as "transporte", doc.tipos as "tipoDocumento", doc.numeros as "documentosFiscales", coalesce(nullif(m.numero_declaracion, ''), doc.declaraciones) as "numeroDeclaracion", m.numero_bultos as "numeroBultoUsuario", case when m.codigo_tipo_operacion in (1, 4) then coalesce(v3.numero_bultos_verificado, v5.numero_bultos_verificado)
    else coalesce(v5.numero_bultos_verificado, v3.numero_bultos_verificado) end as "numeroBultoVerificado", extract(epoch from c2.fecha_registro)::float8 as "tUno", (c2.peso + coalesce(c2.peso_carreta, 0))::float8 as "pesoUno", extract(epoch from c4.fecha_registro)::float8 as "tDos", (c4.peso + coalesce(c4.peso_carreta, 0))::float8 as "pesoDos", c4.peso_bruto::float8 as "pesoBruto", c4.peso_tara::float8 as "pesoTara", c4.peso_neto::float8 as "pesoNeto"
    FROM movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario left join parametro_seccion top on top.codigo_parametro = 3 and top.codigo = m.codigo_tipo_operacion::text left join parametro_seccion est on est.codigo_parametro = 6 and est.codigo = m.codigo_estado_movimiento::text left join lateral (select x.fecha_registro, x.peso, x.peso_carreta from control_movimiento x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = 2 limit 1) c2 on true
left join lateral (select x.fecha_registro, x.peso, x.peso_carreta, x.peso_bruto, x.peso_tara, x.peso_neto from control_movimiento x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = 4 limit 1) c4 on true
left join lateral (select x.numero_bultos_verificado from verificacion x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = 3 limit 1) v3 on true
left join lateral (select x.numero_bultos_verificado from verificacion x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = 5 limit 1) v5 on true left join lateral (select (array_agg(d.ruc order by d.codigo_movimiento_documento) filter (where nullif(d.ruc, '') is not null))[1] as ruc,
  (array_agg(d.razon_social order by d.codigo_movimiento_documento) filter (where nullif(d.razon_social, '') is not null))[1] as razon_social,
  string_agg(distinct coalesce(td.nombre, d.codigo_tipo_documento), ', ') as tipos,
  string_agg(d.numero_documento, ', ' order by d.codigo_movimiento_documento) as numeros,
  string_agg(d.numero_documento, ', ' order by d.codigo_movimiento_documento)
    filter (where d.codigo_tipo_documento in ('4', '5', '9')) as declaraciones
  from movimiento_documento d
  left join parametro_seccion td on td.codigo_parametro = 56 and td.codigo = d.codigo_tipo_documento where d.codigo_movimiento = m.codigo_movimiento) doc on true WHERE m.codigo_movimiento = ANY(ids)) f
  ON CONFLICT (codigo_movimiento) DO UPDATE SET fecha_ingreso = excluded.fecha_ingreso, codigo_empresa_usuario = excluded.codigo_empresa_usuario, codigo_tipo_operacion = excluded.codigo_tipo_operacion, codigo_estado_movimiento = excluded.codigo_estado_movimiento, estado_anulado = excluded.estado_anulado, xml = excluded.xml;
  DELETE FROM reporte_op3_fila WHERE codigo_movimiento = ANY(ids);
  INSERT INTO reporte_op3_fila (codigo_movimiento_documento, codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, xml)
  SELECT f.codigo_movimiento_documento, f.codigo_movimiento, f.fecha_ingreso, f.codigo_empresa_usuario, f.codigo_tipo_operacion, f.codigo_estado_movimiento, f.estado_anulado, concat('<row r="', E'\x01', '">', concat('<c r="A', E'\x01', '"', ' s="3"><v>', E'\x02', '</v></c>'),
case when (f."tFecha") is null then '' else concat('<c', case when false then concat(' r="B', E'\x01', '"') end, ' s="4"><v>', floor(((f."tFecha") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then ''
    when (f."codigoIngreso")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tFecha") is null then concat(' r="C', E'\x01', '"') end, ' t="str"><v>', (f."codigoIngreso")::text, '</v></c>')
    else concat('<c', case when (f."tFecha") is null then concat(' r="C', E'\x01', '"') end, ' t="', case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoIngreso")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoIngreso")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoIngreso")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoIngreso")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then ''
    when (f."tipoOperacion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then concat(' r="D', E'\x01', '"') end, ' t="str"><v>', (f."tipoOperacion")::text, '</v></c>')
    else concat('<c', case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then concat(' r="D', E'\x01', '"') end, ' t="', case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."tipoOperacion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."tipoOperacion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."tipoOperacion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."tipoOperacion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then ''
    when (f."rucEmpresaUsuario")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then concat(' r="E', E'\x01', '"') end, ' t="str"><v>', (f."rucEmpresaUsuario")::text, '</v></c>')
    else concat('<c', case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then concat(' r="E', E'\x01', '"') end, ' t="', case when (f."rucEmpresaUsuario")::text <> btrim((f."rucEmpresaUsuario")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."rucEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."rucEmpresaUsuario")::text <> btrim((f."rucEmpresaUsuario")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."rucEmpresaUsuario")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."rucEmpresaUsuario")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."rucEmpresaUsuario")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."rucEmpresaUsuario")::text <> btrim((f."rucEmpresaUsuario")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then ''
    when (f."razonSocialEmpresaUsuario")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then concat(' r="F', E'\x01', '"') end, ' t="str"><v>', (f."razonSocialEmpresaUsuario")::text, '</v></c>')
    else concat('<c', case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then concat(' r="F', E'\x01', '"') end, ' t="', case when (f."razonSocialEmpresaUsuario")::text <> btrim((f."razonSocialEmpresaUsuario")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."razonSocialEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."razonSocialEmpresaUsuario")::text <> btrim((f."razonSocialEmpresaUsuario")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."razonSocialEmpresaUsuario")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."razonSocialEmpresaUsuario")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."razonSocialEmpresaUsuario")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."razonSocialEmpresaUsuario")::text <> btrim((f."razonSocialEmpresaUsuario")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then ''
    when (f."tipoDocumentoFiscal")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then concat(' r="G', E'\x01', '"') end, ' t="str"><v>', (f."tipoDocumentoFiscal")::text, '</v></c>')
    else concat('<c', case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then concat(' r="G', E'\x01', '"') end, ' t="', case when (f."tipoDocumentoFiscal")::text <> btrim((f."tipoDocumentoFiscal")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."tipoDocumentoFiscal")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."tipoDocumentoFiscal")::text <> btrim((f."tipoDocumentoFiscal")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."tipoDocumentoFiscal")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."tipoDocumentoFiscal")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."tipoDocumentoFiscal")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."tipoDocumentoFiscal")::text <> btrim((f."tipoDocumentoFiscal")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then ''
    when (f."numeroDocumento")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then concat(' r="H', E'\x01', '"') end, ' t="str"><v>', (f."numeroDocumento")::text, '</v></c>')
    else concat('<c', case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then concat(' r="H', E'\x01', '"') end, ' t="', case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroDocumento")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroDocumento")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroDocumento")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroDocumento")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."codigoAduana")::text is null or (f."codigoAduana")::text = '' then ''
    when (f."codigoAduana")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then concat(' r="I', E'\x01', '"') end, ' t="str"><v>', (f."codigoAduana")::text, '</v></c>')
    else concat('<c', case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then concat(' r="I', E'\x01', '"') end, ' t="', case when (f."codigoAduana")::text <> btrim((f."codigoAduana")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoAduana")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoAduana")::text <> btrim((f."codigoAduana")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoAduana")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoAduana")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoAduana")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoAduana")::text <> btrim((f."codigoAduana")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."regimenAduanero")::text is null or (f."regimenAduanero")::text = '' then ''
    when (f."regimenAduanero")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."codigoAduana")::text is null or (f."codigoAduana")::text = '' then concat(' r="J', E'\x01', '"') end, ' t="str"><v>', (f."regimenAduanero")::text, '</v></c>')
    else concat('<c', case when (f."codigoAduana")::text is null or (f."codigoAduana")::text = '' then concat(' r="J', E'\x01', '"') end, ' t="', case when (f."regimenAduanero")::text <> btrim((f."regimenAduanero")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."regimenAduanero")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."regimenAduanero")::text <> btrim((f."regimenAduanero")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."regimenAduanero")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."regimenAduanero")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."regimenAduanero")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."regimenAduanero")::text <> btrim((f."regimenAduanero")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."cantidad") is null then '' else concat('<c', case when (f."regimenAduanero")::text is null or (f."regimenAduanero")::text = '' then concat(' r="K', E'\x01', '"') end, ' s="2"><v>', (f."cantidad")::float8, '</v></c>') end,
case when (f."totalPesoNeto") is null then '' else concat('<c', case when (f."cantidad") is null then concat(' r="L', E'\x01', '"') end, ' s="2"><v>', (f."totalPesoNeto")::float8, '</v></c>') end,
case when (f."valorTotalFob") is null then '' else concat('<c', case when (f."totalPesoNeto") is null then concat(' r="M', E'\x01', '"') end, ' s="2"><v>', (f."valorTotalFob")::float8, '</v></c>') end,
case when (f."estadoMovimientoDescripcion")::text is null or (f."estadoMovimientoDescripcion")::text = '' then ''
    when (f."estadoMovimientoDescripcion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."valorTotalFob") is null then concat(' r="N', E'\x01', '"') end, ' t="str"><v>', (f."estadoMovimientoDescripcion")::text, '</v></c>')
    else concat('<c', case when (f."valorTotalFob") is null then concat(' r="N', E'\x01', '"') end, ' t="', case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."estadoMovimientoDescripcion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."estadoMovimientoDescripcion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."estadoMovimientoDescripcion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."estadoMovimientoDescripcion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end, '</row>') AS xml
  FROM (SELECT d.codigo_movimiento_documento, m.codigo_movimiento, m.fecha_ingreso, m.codigo_empresa_usuario, m.codigo_tipo_operacion, m.codigo_estado_movimiento, m.estado_anulado, extract(epoch from m.fecha_ingreso)::float8 as "tFecha", m.codigo_ingreso as "codigoIngreso", top.nombre as "tipoOperacion", e.ruc as "rucEmpresaUsuario",
              e.razon_social as "razonSocialEmpresaUsuario", coalesce(td.nombre, d.codigo_tipo_documento) as "tipoDocumentoFiscal",
              d.numero_documento as "numeroDocumento", nullif(split_part(d.numero_documento, '-', 1), '') as "codigoAduana",
              nullif(split_part(d.numero_documento, '-', 3), '') as "regimenAduanero", lin.cantidad, lin.peso as "totalPesoNeto",
              lin.fob as "valorTotalFob", est.nombre as "estadoMovimientoDescripcion"
    FROM movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario join movimiento_documento d on d.codigo_movimiento = m.codigo_movimiento and d.codigo_tipo_documento in ('4', '5', '9')
              left join lateral (
                select coalesce(sum(x.cantidad), 0)::float8 as cantidad, coalesce(sum(x.peso), 0)::float8 as peso,
                       coalesce(sum(x.cantidad * x.valor_fob), 0)::float8 as fob
                from movimiento_detalle x where x.codigo_movimiento_documento = d.codigo_movimiento_documento) lin on true left join parametro_seccion top on top.codigo_parametro = 3 and top.codigo = m.codigo_tipo_operacion::text left join parametro_seccion est on est.codigo_parametro = 6 and est.codigo = m.codigo_estado_movimiento::text left join parametro_seccion td on td.codigo_parametro = 56 and td.codigo = d.codigo_tipo_documento::text WHERE m.codigo_movimiento = ANY(ids)) f
  ON CONFLICT (codigo_movimiento_documento) DO UPDATE SET fecha_ingreso = excluded.fecha_ingreso, codigo_empresa_usuario = excluded.codigo_empresa_usuario, codigo_tipo_operacion = excluded.codigo_tipo_operacion, codigo_estado_movimiento = excluded.codigo_estado_movimiento, estado_anulado = excluded.estado_anulado, xml = excluded.xml;
  PERFORM reporte_filas_textos(array_agg(p.empresa), array_agg(p.texto)) FROM (
    SELECT DISTINCT f.empresa_texto AS empresa, t.texto FROM (SELECT m.codigo_movimiento, dt.codigo_movimiento_detalle AS hijo, m.codigo_empresa_usuario AS empresa_texto, extract(epoch from m.fecha_ingreso)::float8 as "tFecha", extract(epoch from m.fecha_registro)::float8 as "tRegistro", m.codigo_ingreso as "codigoIngreso",
              top.nombre as "tipoOperacion", e.ruc as "rucEmpresaUsuario", e.razon_social as "razonSocialEmpresaUsuario",
              coalesce(td.nombre, d.codigo_tipo_documento) as "tipoDocumentoFiscal", d.numero_documento as "numeroDocumento",
              d.razon_social as "procedenciaDestino", cat.numero_partida as "numeroPartida", cat.descripcion as mercancia,
              dt.cantidad::float8 as cantidad, dt.peso::float8 as peso, cat.codigo_unidad_medida as "unidadMedida",
              dt.valor_fob::float8 as "valorUnitario", (dt.cantidad * dt.valor_fob)::float8 as "valorTotal",
              coalesce(pais.nombre, m.pais_procedencia) as "paisProcedencia", coalesce(tm.nombre, m.codigo_tipo_mercaderia) as "codigoTipoMercaderia",
              coalesce(via.nombre, m.codigo_via) as "codigoTipoVia", ad.nombre as "lugarIngresoSalida", est.nombre as "estadoMovimientoDescripcion"
    FROM movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario join movimiento_detalle dt on dt.codigo_movimiento = m.codigo_movimiento
              join movimiento_documento d on d.codigo_movimiento_documento = dt.codigo_movimiento_documento
              join catalogo_usuario cat on cat.codigo_catalogo_usuario = dt.codigo_catalogo_usuario left join parametro_seccion top on top.codigo_parametro = 3 and top.codigo = m.codigo_tipo_operacion::text left join parametro_seccion est on est.codigo_parametro = 6 and est.codigo = m.codigo_estado_movimiento::text left join parametro_seccion td on td.codigo_parametro = 56 and td.codigo = d.codigo_tipo_documento::text left join parametro_seccion pais on pais.codigo_parametro = 30 and pais.codigo = m.pais_procedencia::text left join parametro_seccion tm on tm.codigo_parametro = 11 and tm.codigo = m.codigo_tipo_mercaderia::text left join parametro_seccion via on via.codigo_parametro = 31 and via.codigo = m.codigo_via::text left join parametro_seccion ad on ad.codigo_parametro = 33 and ad.codigo = m.codigo_salida_aduana and m.codigo_salida_aduana <> '0' WHERE m.codigo_movimiento = ANY(ids)) f
      CROSS JOIN LATERAL (VALUES ((case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text), ((f."tipoOperacion")::text), ((f."rucEmpresaUsuario")::text), ((f."razonSocialEmpresaUsuario")::text), ((f."tipoDocumentoFiscal")::text), ((f."numeroPartida")::text), ((f."mercancia")::text), (('KGS')::text), ((f."paisProcedencia")::text), ((f."codigoTipoMercaderia")::text), ((f."unidadMedida")::text), ((f."codigoTipoVia")::text), ((f."lugarIngresoSalida")::text)) t(texto)
    WHERE t.texto <> '') p;
  WITH v AS MATERIALIZED (SELECT m.codigo_movimiento, m.fecha_ingreso, m.codigo_empresa_usuario, m.codigo_tipo_operacion, m.codigo_estado_movimiento, m.estado_anulado, coalesce(l.lineas, 0) AS lineas,
    coalesce(l.xml_op2, '') AS xml_op2, coalesce(l.xml_op4, '') AS xml_op4
  FROM movimiento m LEFT JOIN (
    SELECT f.codigo_movimiento, count(*)::int AS lineas, string_agg(concat(E'\x01',
case when (case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text is null or (case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text), '</v></c>') end,
case when (f."tFecha") is null then '<c s="7"/>' else concat('<c', ' s="4"><v>', floor(((f."tFecha") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then '<c s="7"/>'
    when (f."codigoIngreso")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', ' t="str"><v>', (f."codigoIngreso")::text, '</v></c>')
    else concat('<c', ' t="', case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoIngreso")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoIngreso")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoIngreso")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoIngreso")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."tipoOperacion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."tipoOperacion")::text), '</v></c>') end,
case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."rucEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."rucEmpresaUsuario")::text), '</v></c>') end,
case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."razonSocialEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."razonSocialEmpresaUsuario")::text), '</v></c>') end,
case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."tipoDocumentoFiscal")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."tipoDocumentoFiscal")::text), '</v></c>') end,
case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then '<c s="7"/>'
    when (f."numeroDocumento")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', ' t="str"><v>', (f."numeroDocumento")::text, '</v></c>')
    else concat('<c', ' t="', case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroDocumento")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroDocumento")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroDocumento")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroDocumento")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroPartida")::text is null or (f."numeroPartida")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."numeroPartida")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."numeroPartida")::text), '</v></c>') end,
case when (f."mercancia")::text is null or (f."mercancia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."mercancia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."mercancia")::text), '</v></c>') end,
case when (f."peso") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."peso")::float8, '</v></c>') end,
case when ('KGS')::text is null or ('KGS')::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left(('KGS')::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = ('KGS')::text), '</v></c>') end,
case when (f."valorTotal") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."valorTotal")::float8, '</v></c>') end,
case when (f."paisProcedencia")::text is null or (f."paisProcedencia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."paisProcedencia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."paisProcedencia")::text), '</v></c>') end, '</row>'), '' ORDER BY f.hijo) AS xml_op2,
      string_agg(concat(E'\x01',
case when (f."tFecha") is null then '<c s="7"/>' else concat('<c', ' s="4"><v>', floor(((f."tFecha") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then '<c s="7"/>'
    when (f."codigoIngreso")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', ' t="str"><v>', (f."codigoIngreso")::text, '</v></c>')
    else concat('<c', ' t="', case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoIngreso")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoIngreso")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoIngreso")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoIngreso")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."tipoOperacion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."tipoOperacion")::text), '</v></c>') end,
case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."rucEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."rucEmpresaUsuario")::text), '</v></c>') end,
case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."razonSocialEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."razonSocialEmpresaUsuario")::text), '</v></c>') end,
case when (f."codigoTipoMercaderia")::text is null or (f."codigoTipoMercaderia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."codigoTipoMercaderia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."codigoTipoMercaderia")::text), '</v></c>') end,
case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."tipoDocumentoFiscal")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."tipoDocumentoFiscal")::text), '</v></c>') end,
case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then '<c s="7"/>'
    when (f."numeroDocumento")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', ' t="str"><v>', (f."numeroDocumento")::text, '</v></c>')
    else concat('<c', ' t="', case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroDocumento")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroDocumento")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroDocumento")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroDocumento")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroPartida")::text is null or (f."numeroPartida")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."numeroPartida")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."numeroPartida")::text), '</v></c>') end,
case when (f."mercancia")::text is null or (f."mercancia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."mercancia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."mercancia")::text), '</v></c>') end,
case when (f."cantidad") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."cantidad")::float8, '</v></c>') end,
case when (f."unidadMedida")::text is null or (f."unidadMedida")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."unidadMedida")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."unidadMedida")::text), '</v></c>') end,
case when (f."valorUnitario") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."valorUnitario")::float8, '</v></c>') end,
case when (f."valorTotal") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."valorTotal")::float8, '</v></c>') end,
case when (f."peso") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."peso")::float8, '</v></c>') end,
case when (f."paisProcedencia")::text is null or (f."paisProcedencia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."paisProcedencia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."paisProcedencia")::text), '</v></c>') end,
case when (f."codigoTipoVia")::text is null or (f."codigoTipoVia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."codigoTipoVia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."codigoTipoVia")::text), '</v></c>') end,
case when (f."lugarIngresoSalida")::text is null or (f."lugarIngresoSalida")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."lugarIngresoSalida")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."lugarIngresoSalida")::text), '</v></c>') end, '</row>'), '' ORDER BY f.hijo) AS xml_op4
    FROM (SELECT m.codigo_movimiento, dt.codigo_movimiento_detalle AS hijo, m.codigo_empresa_usuario AS empresa_texto, extract(epoch from m.fecha_ingreso)::float8 as "tFecha", extract(epoch from m.fecha_registro)::float8 as "tRegistro", m.codigo_ingreso as "codigoIngreso",
              top.nombre as "tipoOperacion", e.ruc as "rucEmpresaUsuario", e.razon_social as "razonSocialEmpresaUsuario",
              coalesce(td.nombre, d.codigo_tipo_documento) as "tipoDocumentoFiscal", d.numero_documento as "numeroDocumento",
              d.razon_social as "procedenciaDestino", cat.numero_partida as "numeroPartida", cat.descripcion as mercancia,
              dt.cantidad::float8 as cantidad, dt.peso::float8 as peso, cat.codigo_unidad_medida as "unidadMedida",
              dt.valor_fob::float8 as "valorUnitario", (dt.cantidad * dt.valor_fob)::float8 as "valorTotal",
              coalesce(pais.nombre, m.pais_procedencia) as "paisProcedencia", coalesce(tm.nombre, m.codigo_tipo_mercaderia) as "codigoTipoMercaderia",
              coalesce(via.nombre, m.codigo_via) as "codigoTipoVia", ad.nombre as "lugarIngresoSalida", est.nombre as "estadoMovimientoDescripcion"
    FROM movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario join movimiento_detalle dt on dt.codigo_movimiento = m.codigo_movimiento
              join movimiento_documento d on d.codigo_movimiento_documento = dt.codigo_movimiento_documento
              join catalogo_usuario cat on cat.codigo_catalogo_usuario = dt.codigo_catalogo_usuario left join parametro_seccion top on top.codigo_parametro = 3 and top.codigo = m.codigo_tipo_operacion::text left join parametro_seccion est on est.codigo_parametro = 6 and est.codigo = m.codigo_estado_movimiento::text left join parametro_seccion td on td.codigo_parametro = 56 and td.codigo = d.codigo_tipo_documento::text left join parametro_seccion pais on pais.codigo_parametro = 30 and pais.codigo = m.pais_procedencia::text left join parametro_seccion tm on tm.codigo_parametro = 11 and tm.codigo = m.codigo_tipo_mercaderia::text left join parametro_seccion via on via.codigo_parametro = 31 and via.codigo = m.codigo_via::text left join parametro_seccion ad on ad.codigo_parametro = 33 and ad.codigo = m.codigo_salida_aduana and m.codigo_salida_aduana <> '0' WHERE m.codigo_movimiento = ANY(ids)) f
    GROUP BY f.codigo_movimiento) l ON l.codigo_movimiento = m.codigo_movimiento
  WHERE m.codigo_movimiento = ANY(ids)),
  op4 AS (INSERT INTO reporte_lineas_op4_fila (codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, lineas, xml_op4)
    SELECT codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, lineas, xml_op4 FROM v
    ON CONFLICT (codigo_movimiento) DO UPDATE SET fecha_ingreso = excluded.fecha_ingreso, codigo_empresa_usuario = excluded.codigo_empresa_usuario, codigo_tipo_operacion = excluded.codigo_tipo_operacion, codigo_estado_movimiento = excluded.codigo_estado_movimiento, estado_anulado = excluded.estado_anulado, lineas = excluded.lineas, xml_op4 = excluded.xml_op4)
  INSERT INTO reporte_lineas_fila (codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, lineas, xml_op2)
    SELECT codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, lineas, xml_op2 FROM v
    ON CONFLICT (codigo_movimiento) DO UPDATE SET fecha_ingreso = excluded.fecha_ingreso, codigo_empresa_usuario = excluded.codigo_empresa_usuario, codigo_tipo_operacion = excluded.codigo_tipo_operacion, codigo_estado_movimiento = excluded.codigo_estado_movimiento, estado_anulado = excluded.estado_anulado, lineas = excluded.lineas, xml_op2 = excluded.xml_op2;
END $$;
CREATE OR REPLACE FUNCTION reporte_filas_llenar(integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO reporte_op1_fila (codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, xml)
  SELECT f.codigo_movimiento, f.fecha_ingreso, f.codigo_empresa_usuario, f.codigo_tipo_operacion, f.codigo_estado_movimiento, f.estado_anulado, concat('<row r="', E'\x01', '">', case when (f."razonSocial")::text is null or (f."razonSocial")::text = '' then ''
    when (f."razonSocial")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c r="A', E'\x01', '"', ' t="str"><v>', (f."razonSocial")::text, '</v></c>')
    else concat('<c r="A', E'\x01', '"', ' t="', case when (f."razonSocial")::text <> btrim((f."razonSocial")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."razonSocial")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."razonSocial")::text <> btrim((f."razonSocial")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."razonSocial")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."razonSocial")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."razonSocial")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."razonSocial")::text <> btrim((f."razonSocial")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then ''
    when (f."tipoOperacion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."razonSocial")::text is null or (f."razonSocial")::text = '' then concat(' r="B', E'\x01', '"') end, ' t="str"><v>', (f."tipoOperacion")::text, '</v></c>')
    else concat('<c', case when (f."razonSocial")::text is null or (f."razonSocial")::text = '' then concat(' r="B', E'\x01', '"') end, ' t="', case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."tipoOperacion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."tipoOperacion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."tipoOperacion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."tipoOperacion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then ''
    when (f."codigoIngreso")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then concat(' r="C', E'\x01', '"') end, ' t="str"><v>', (f."codigoIngreso")::text, '</v></c>')
    else concat('<c', case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then concat(' r="C', E'\x01', '"') end, ' t="', case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoIngreso")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoIngreso")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoIngreso")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoIngreso")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."estadoMovimientoDescripcion")::text is null or (f."estadoMovimientoDescripcion")::text = '' then ''
    when (f."estadoMovimientoDescripcion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then concat(' r="D', E'\x01', '"') end, ' t="str"><v>', (f."estadoMovimientoDescripcion")::text, '</v></c>')
    else concat('<c', case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then concat(' r="D', E'\x01', '"') end, ' t="', case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."estadoMovimientoDescripcion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."estadoMovimientoDescripcion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."estadoMovimientoDescripcion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."estadoMovimientoDescripcion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."rucImportador")::text is null or (f."rucImportador")::text = '' then ''
    when (f."rucImportador")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."estadoMovimientoDescripcion")::text is null or (f."estadoMovimientoDescripcion")::text = '' then concat(' r="E', E'\x01', '"') end, ' t="str"><v>', (f."rucImportador")::text, '</v></c>')
    else concat('<c', case when (f."estadoMovimientoDescripcion")::text is null or (f."estadoMovimientoDescripcion")::text = '' then concat(' r="E', E'\x01', '"') end, ' t="', case when (f."rucImportador")::text <> btrim((f."rucImportador")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."rucImportador")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."rucImportador")::text <> btrim((f."rucImportador")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."rucImportador")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."rucImportador")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."rucImportador")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."rucImportador")::text <> btrim((f."rucImportador")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."razonSocialImportador")::text is null or (f."razonSocialImportador")::text = '' then ''
    when (f."razonSocialImportador")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."rucImportador")::text is null or (f."rucImportador")::text = '' then concat(' r="F', E'\x01', '"') end, ' t="str"><v>', (f."razonSocialImportador")::text, '</v></c>')
    else concat('<c', case when (f."rucImportador")::text is null or (f."rucImportador")::text = '' then concat(' r="F', E'\x01', '"') end, ' t="', case when (f."razonSocialImportador")::text <> btrim((f."razonSocialImportador")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."razonSocialImportador")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."razonSocialImportador")::text <> btrim((f."razonSocialImportador")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."razonSocialImportador")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."razonSocialImportador")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."razonSocialImportador")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."razonSocialImportador")::text <> btrim((f."razonSocialImportador")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroTicket")::text is null or (f."numeroTicket")::text = '' then ''
    when (f."numeroTicket")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."razonSocialImportador")::text is null or (f."razonSocialImportador")::text = '' then concat(' r="G', E'\x01', '"') end, ' t="str"><v>', (f."numeroTicket")::text, '</v></c>')
    else concat('<c', case when (f."razonSocialImportador")::text is null or (f."razonSocialImportador")::text = '' then concat(' r="G', E'\x01', '"') end, ' t="', case when (f."numeroTicket")::text <> btrim((f."numeroTicket")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroTicket")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroTicket")::text <> btrim((f."numeroTicket")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroTicket")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroTicket")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroTicket")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroTicket")::text <> btrim((f."numeroTicket")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."placa")::text is null or (f."placa")::text = '' then ''
    when (f."placa")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."numeroTicket")::text is null or (f."numeroTicket")::text = '' then concat(' r="H', E'\x01', '"') end, ' t="str"><v>', (f."placa")::text, '</v></c>')
    else concat('<c', case when (f."numeroTicket")::text is null or (f."numeroTicket")::text = '' then concat(' r="H', E'\x01', '"') end, ' t="', case when (f."placa")::text <> btrim((f."placa")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."placa")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."placa")::text <> btrim((f."placa")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."placa")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."placa")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."placa")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."placa")::text <> btrim((f."placa")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."transporte")::text is null or (f."transporte")::text = '' then ''
    when (f."transporte")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."placa")::text is null or (f."placa")::text = '' then concat(' r="I', E'\x01', '"') end, ' t="str"><v>', (f."transporte")::text, '</v></c>')
    else concat('<c', case when (f."placa")::text is null or (f."placa")::text = '' then concat(' r="I', E'\x01', '"') end, ' t="', case when (f."transporte")::text <> btrim((f."transporte")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."transporte")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."transporte")::text <> btrim((f."transporte")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."transporte")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."transporte")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."transporte")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."transporte")::text <> btrim((f."transporte")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoDocumento")::text is null or (f."tipoDocumento")::text = '' then ''
    when (f."tipoDocumento")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."transporte")::text is null or (f."transporte")::text = '' then concat(' r="J', E'\x01', '"') end, ' t="str"><v>', (f."tipoDocumento")::text, '</v></c>')
    else concat('<c', case when (f."transporte")::text is null or (f."transporte")::text = '' then concat(' r="J', E'\x01', '"') end, ' t="', case when (f."tipoDocumento")::text <> btrim((f."tipoDocumento")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."tipoDocumento")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."tipoDocumento")::text <> btrim((f."tipoDocumento")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."tipoDocumento")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."tipoDocumento")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."tipoDocumento")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."tipoDocumento")::text <> btrim((f."tipoDocumento")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."documentosFiscales")::text is null or (f."documentosFiscales")::text = '' then ''
    when (f."documentosFiscales")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tipoDocumento")::text is null or (f."tipoDocumento")::text = '' then concat(' r="K', E'\x01', '"') end, ' t="str"><v>', (f."documentosFiscales")::text, '</v></c>')
    else concat('<c', case when (f."tipoDocumento")::text is null or (f."tipoDocumento")::text = '' then concat(' r="K', E'\x01', '"') end, ' t="', case when (f."documentosFiscales")::text <> btrim((f."documentosFiscales")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."documentosFiscales")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."documentosFiscales")::text <> btrim((f."documentosFiscales")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."documentosFiscales")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."documentosFiscales")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."documentosFiscales")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."documentosFiscales")::text <> btrim((f."documentosFiscales")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroDeclaracion")::text is null or (f."numeroDeclaracion")::text = '' then ''
    when (f."numeroDeclaracion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."documentosFiscales")::text is null or (f."documentosFiscales")::text = '' then concat(' r="L', E'\x01', '"') end, ' t="str"><v>', (f."numeroDeclaracion")::text, '</v></c>')
    else concat('<c', case when (f."documentosFiscales")::text is null or (f."documentosFiscales")::text = '' then concat(' r="L', E'\x01', '"') end, ' t="', case when (f."numeroDeclaracion")::text <> btrim((f."numeroDeclaracion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroDeclaracion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroDeclaracion")::text <> btrim((f."numeroDeclaracion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroDeclaracion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroDeclaracion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroDeclaracion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroDeclaracion")::text <> btrim((f."numeroDeclaracion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroBultoUsuario") is null then '' else concat('<c', case when (f."numeroDeclaracion")::text is null or (f."numeroDeclaracion")::text = '' then concat(' r="M', E'\x01', '"') end, ' s="3"><v>', (f."numeroBultoUsuario")::bigint, '</v></c>') end,
case when (f."numeroBultoVerificado") is null then '' else concat('<c', case when (f."numeroBultoUsuario") is null then concat(' r="N', E'\x01', '"') end, ' s="3"><v>', (f."numeroBultoVerificado")::bigint, '</v></c>') end,
case when (f."tUno") is null then '' else concat('<c', case when (f."numeroBultoVerificado") is null then concat(' r="O', E'\x01', '"') end, ' s="4"><v>', floor(((f."tUno") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."tUno") is null then '' else concat('<c', case when (f."tUno") is null then concat(' r="P', E'\x01', '"') end, ' s="5"><v>', (floor((f."tUno") - 18000)::bigint % 86400)::float8 / 86400, '</v></c>') end,
case when (f."pesoUno") is null then '' else concat('<c', case when (f."tUno") is null then concat(' r="Q', E'\x01', '"') end, ' s="2"><v>', (f."pesoUno")::float8, '</v></c>') end,
case when (f."tDos") is null then '' else concat('<c', case when (f."pesoUno") is null then concat(' r="R', E'\x01', '"') end, ' s="4"><v>', floor(((f."tDos") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."tDos") is null then '' else concat('<c', case when (f."tDos") is null then concat(' r="S', E'\x01', '"') end, ' s="5"><v>', (floor((f."tDos") - 18000)::bigint % 86400)::float8 / 86400, '</v></c>') end,
case when (f."pesoDos") is null then '' else concat('<c', case when (f."tDos") is null then concat(' r="T', E'\x01', '"') end, ' s="2"><v>', (f."pesoDos")::float8, '</v></c>') end,
case when (f."pesoBruto") is null then '' else concat('<c', case when (f."pesoDos") is null then concat(' r="U', E'\x01', '"') end, ' s="2"><v>', (f."pesoBruto")::float8, '</v></c>') end,
case when (f."pesoTara") is null then '' else concat('<c', case when (f."pesoBruto") is null then concat(' r="V', E'\x01', '"') end, ' s="2"><v>', (f."pesoTara")::float8, '</v></c>') end,
case when (f."pesoNeto") is null then '' else concat('<c', case when (f."pesoTara") is null then concat(' r="W', E'\x01', '"') end, ' s="2"><v>', (f."pesoNeto")::float8, '</v></c>') end, '</row>') AS xml
  FROM (SELECT m.codigo_movimiento, m.fecha_ingreso, m.codigo_empresa_usuario, m.codigo_tipo_operacion, m.codigo_estado_movimiento, m.estado_anulado, e.razon_social as "razonSocial", top.nombre as "tipoOperacion", m.codigo_ingreso as "codigoIngreso", est.nombre as "estadoMovimientoDescripcion", doc.ruc as "rucImportador", doc.razon_social as "razonSocialImportador", m.numero_ticket as "numeroTicket", nullif(concat_ws(' / ', nullif(m.placa_uno, ''), nullif(m.placa_dos, '')), '') as "placa", m.razon_social_transportista_usuario as "transporte", doc.tipos as "tipoDocumento", doc.numeros as "documentosFiscales", coalesce(nullif(m.numero_declaracion, ''), doc.declaraciones) as "numeroDeclaracion", m.numero_bultos as "numeroBultoUsuario", case when m.codigo_tipo_operacion in (1, 4) then coalesce(v3.numero_bultos_verificado, v5.numero_bultos_verificado)
    else coalesce(v5.numero_bultos_verificado, v3.numero_bultos_verificado) end as "numeroBultoVerificado", extract(epoch from c2.fecha_registro)::float8 as "tUno", (c2.peso + coalesce(c2.peso_carreta, 0))::float8 as "pesoUno", extract(epoch from c4.fecha_registro)::float8 as "tDos", (c4.peso + coalesce(c4.peso_carreta, 0))::float8 as "pesoDos", c4.peso_bruto::float8 as "pesoBruto", c4.peso_tara::float8 as "pesoTara", c4.peso_neto::float8 as "pesoNeto"
    FROM movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario left join parametro_seccion top on top.codigo_parametro = 3 and top.codigo = m.codigo_tipo_operacion::text left join parametro_seccion est on est.codigo_parametro = 6 and est.codigo = m.codigo_estado_movimiento::text left join lateral (select x.fecha_registro, x.peso, x.peso_carreta from control_movimiento x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = 2 limit 1) c2 on true
left join lateral (select x.fecha_registro, x.peso, x.peso_carreta, x.peso_bruto, x.peso_tara, x.peso_neto from control_movimiento x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = 4 limit 1) c4 on true
left join lateral (select x.numero_bultos_verificado from verificacion x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = 3 limit 1) v3 on true
left join lateral (select x.numero_bultos_verificado from verificacion x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = 5 limit 1) v5 on true left join lateral (select (array_agg(d.ruc order by d.codigo_movimiento_documento) filter (where nullif(d.ruc, '') is not null))[1] as ruc,
  (array_agg(d.razon_social order by d.codigo_movimiento_documento) filter (where nullif(d.razon_social, '') is not null))[1] as razon_social,
  string_agg(distinct coalesce(td.nombre, d.codigo_tipo_documento), ', ') as tipos,
  string_agg(d.numero_documento, ', ' order by d.codigo_movimiento_documento) as numeros,
  string_agg(d.numero_documento, ', ' order by d.codigo_movimiento_documento)
    filter (where d.codigo_tipo_documento in ('4', '5', '9')) as declaraciones
  from movimiento_documento d
  left join parametro_seccion td on td.codigo_parametro = 56 and td.codigo = d.codigo_tipo_documento where d.codigo_movimiento = m.codigo_movimiento) doc on true WHERE m.codigo_movimiento = ANY($1) ORDER BY m.fecha_ingreso, m.codigo_movimiento) f
  ON CONFLICT (codigo_movimiento) DO NOTHING;
  INSERT INTO reporte_op3_fila (codigo_movimiento_documento, codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, xml)
  SELECT f.codigo_movimiento_documento, f.codigo_movimiento, f.fecha_ingreso, f.codigo_empresa_usuario, f.codigo_tipo_operacion, f.codigo_estado_movimiento, f.estado_anulado, concat('<row r="', E'\x01', '">', concat('<c r="A', E'\x01', '"', ' s="3"><v>', E'\x02', '</v></c>'),
case when (f."tFecha") is null then '' else concat('<c', case when false then concat(' r="B', E'\x01', '"') end, ' s="4"><v>', floor(((f."tFecha") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then ''
    when (f."codigoIngreso")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tFecha") is null then concat(' r="C', E'\x01', '"') end, ' t="str"><v>', (f."codigoIngreso")::text, '</v></c>')
    else concat('<c', case when (f."tFecha") is null then concat(' r="C', E'\x01', '"') end, ' t="', case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoIngreso")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoIngreso")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoIngreso")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoIngreso")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then ''
    when (f."tipoOperacion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then concat(' r="D', E'\x01', '"') end, ' t="str"><v>', (f."tipoOperacion")::text, '</v></c>')
    else concat('<c', case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then concat(' r="D', E'\x01', '"') end, ' t="', case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."tipoOperacion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."tipoOperacion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."tipoOperacion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."tipoOperacion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."tipoOperacion")::text <> btrim((f."tipoOperacion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then ''
    when (f."rucEmpresaUsuario")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then concat(' r="E', E'\x01', '"') end, ' t="str"><v>', (f."rucEmpresaUsuario")::text, '</v></c>')
    else concat('<c', case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then concat(' r="E', E'\x01', '"') end, ' t="', case when (f."rucEmpresaUsuario")::text <> btrim((f."rucEmpresaUsuario")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."rucEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."rucEmpresaUsuario")::text <> btrim((f."rucEmpresaUsuario")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."rucEmpresaUsuario")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."rucEmpresaUsuario")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."rucEmpresaUsuario")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."rucEmpresaUsuario")::text <> btrim((f."rucEmpresaUsuario")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then ''
    when (f."razonSocialEmpresaUsuario")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then concat(' r="F', E'\x01', '"') end, ' t="str"><v>', (f."razonSocialEmpresaUsuario")::text, '</v></c>')
    else concat('<c', case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then concat(' r="F', E'\x01', '"') end, ' t="', case when (f."razonSocialEmpresaUsuario")::text <> btrim((f."razonSocialEmpresaUsuario")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."razonSocialEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."razonSocialEmpresaUsuario")::text <> btrim((f."razonSocialEmpresaUsuario")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."razonSocialEmpresaUsuario")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."razonSocialEmpresaUsuario")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."razonSocialEmpresaUsuario")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."razonSocialEmpresaUsuario")::text <> btrim((f."razonSocialEmpresaUsuario")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then ''
    when (f."tipoDocumentoFiscal")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then concat(' r="G', E'\x01', '"') end, ' t="str"><v>', (f."tipoDocumentoFiscal")::text, '</v></c>')
    else concat('<c', case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then concat(' r="G', E'\x01', '"') end, ' t="', case when (f."tipoDocumentoFiscal")::text <> btrim((f."tipoDocumentoFiscal")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."tipoDocumentoFiscal")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."tipoDocumentoFiscal")::text <> btrim((f."tipoDocumentoFiscal")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."tipoDocumentoFiscal")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."tipoDocumentoFiscal")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."tipoDocumentoFiscal")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."tipoDocumentoFiscal")::text <> btrim((f."tipoDocumentoFiscal")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then ''
    when (f."numeroDocumento")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then concat(' r="H', E'\x01', '"') end, ' t="str"><v>', (f."numeroDocumento")::text, '</v></c>')
    else concat('<c', case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then concat(' r="H', E'\x01', '"') end, ' t="', case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroDocumento")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroDocumento")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroDocumento")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroDocumento")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."codigoAduana")::text is null or (f."codigoAduana")::text = '' then ''
    when (f."codigoAduana")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then concat(' r="I', E'\x01', '"') end, ' t="str"><v>', (f."codigoAduana")::text, '</v></c>')
    else concat('<c', case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then concat(' r="I', E'\x01', '"') end, ' t="', case when (f."codigoAduana")::text <> btrim((f."codigoAduana")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoAduana")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoAduana")::text <> btrim((f."codigoAduana")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoAduana")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoAduana")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoAduana")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoAduana")::text <> btrim((f."codigoAduana")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."regimenAduanero")::text is null or (f."regimenAduanero")::text = '' then ''
    when (f."regimenAduanero")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."codigoAduana")::text is null or (f."codigoAduana")::text = '' then concat(' r="J', E'\x01', '"') end, ' t="str"><v>', (f."regimenAduanero")::text, '</v></c>')
    else concat('<c', case when (f."codigoAduana")::text is null or (f."codigoAduana")::text = '' then concat(' r="J', E'\x01', '"') end, ' t="', case when (f."regimenAduanero")::text <> btrim((f."regimenAduanero")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."regimenAduanero")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."regimenAduanero")::text <> btrim((f."regimenAduanero")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."regimenAduanero")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."regimenAduanero")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."regimenAduanero")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."regimenAduanero")::text <> btrim((f."regimenAduanero")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."cantidad") is null then '' else concat('<c', case when (f."regimenAduanero")::text is null or (f."regimenAduanero")::text = '' then concat(' r="K', E'\x01', '"') end, ' s="2"><v>', (f."cantidad")::float8, '</v></c>') end,
case when (f."totalPesoNeto") is null then '' else concat('<c', case when (f."cantidad") is null then concat(' r="L', E'\x01', '"') end, ' s="2"><v>', (f."totalPesoNeto")::float8, '</v></c>') end,
case when (f."valorTotalFob") is null then '' else concat('<c', case when (f."totalPesoNeto") is null then concat(' r="M', E'\x01', '"') end, ' s="2"><v>', (f."valorTotalFob")::float8, '</v></c>') end,
case when (f."estadoMovimientoDescripcion")::text is null or (f."estadoMovimientoDescripcion")::text = '' then ''
    when (f."estadoMovimientoDescripcion")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', case when (f."valorTotalFob") is null then concat(' r="N', E'\x01', '"') end, ' t="str"><v>', (f."estadoMovimientoDescripcion")::text, '</v></c>')
    else concat('<c', case when (f."valorTotalFob") is null then concat(' r="N', E'\x01', '"') end, ' t="', case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."estadoMovimientoDescripcion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."estadoMovimientoDescripcion")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."estadoMovimientoDescripcion")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."estadoMovimientoDescripcion")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."estadoMovimientoDescripcion")::text <> btrim((f."estadoMovimientoDescripcion")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end, '</row>') AS xml
  FROM (SELECT d.codigo_movimiento_documento, m.codigo_movimiento, m.fecha_ingreso, m.codigo_empresa_usuario, m.codigo_tipo_operacion, m.codigo_estado_movimiento, m.estado_anulado, extract(epoch from m.fecha_ingreso)::float8 as "tFecha", m.codigo_ingreso as "codigoIngreso", top.nombre as "tipoOperacion", e.ruc as "rucEmpresaUsuario",
              e.razon_social as "razonSocialEmpresaUsuario", coalesce(td.nombre, d.codigo_tipo_documento) as "tipoDocumentoFiscal",
              d.numero_documento as "numeroDocumento", nullif(split_part(d.numero_documento, '-', 1), '') as "codigoAduana",
              nullif(split_part(d.numero_documento, '-', 3), '') as "regimenAduanero", lin.cantidad, lin.peso as "totalPesoNeto",
              lin.fob as "valorTotalFob", est.nombre as "estadoMovimientoDescripcion"
    FROM movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario join movimiento_documento d on d.codigo_movimiento = m.codigo_movimiento and d.codigo_tipo_documento in ('4', '5', '9')
              left join lateral (
                select coalesce(sum(x.cantidad), 0)::float8 as cantidad, coalesce(sum(x.peso), 0)::float8 as peso,
                       coalesce(sum(x.cantidad * x.valor_fob), 0)::float8 as fob
                from movimiento_detalle x where x.codigo_movimiento_documento = d.codigo_movimiento_documento) lin on true left join parametro_seccion top on top.codigo_parametro = 3 and top.codigo = m.codigo_tipo_operacion::text left join parametro_seccion est on est.codigo_parametro = 6 and est.codigo = m.codigo_estado_movimiento::text left join parametro_seccion td on td.codigo_parametro = 56 and td.codigo = d.codigo_tipo_documento::text WHERE m.codigo_movimiento = ANY($1) ORDER BY m.fecha_ingreso, m.codigo_movimiento, d.codigo_movimiento_documento) f
  ON CONFLICT (codigo_movimiento_documento) DO NOTHING;
$$;
CREATE OR REPLACE FUNCTION reporte_filas_llenar_lineas(integer[])
  RETURNS void LANGUAGE sql SET enable_seqscan = off AS $$
  SELECT reporte_filas_textos(array_agg(p.empresa), array_agg(p.texto)) FROM (
    SELECT DISTINCT f.empresa_texto AS empresa, t.texto FROM (SELECT m.codigo_movimiento, dt.codigo_movimiento_detalle AS hijo, m.codigo_empresa_usuario AS empresa_texto, extract(epoch from m.fecha_ingreso)::float8 as "tFecha", extract(epoch from m.fecha_registro)::float8 as "tRegistro", m.codigo_ingreso as "codigoIngreso",
              top.nombre as "tipoOperacion", e.ruc as "rucEmpresaUsuario", e.razon_social as "razonSocialEmpresaUsuario",
              coalesce(td.nombre, d.codigo_tipo_documento) as "tipoDocumentoFiscal", d.numero_documento as "numeroDocumento",
              d.razon_social as "procedenciaDestino", cat.numero_partida as "numeroPartida", cat.descripcion as mercancia,
              dt.cantidad::float8 as cantidad, dt.peso::float8 as peso, cat.codigo_unidad_medida as "unidadMedida",
              dt.valor_fob::float8 as "valorUnitario", (dt.cantidad * dt.valor_fob)::float8 as "valorTotal",
              coalesce(pais.nombre, m.pais_procedencia) as "paisProcedencia", coalesce(tm.nombre, m.codigo_tipo_mercaderia) as "codigoTipoMercaderia",
              coalesce(via.nombre, m.codigo_via) as "codigoTipoVia", ad.nombre as "lugarIngresoSalida", est.nombre as "estadoMovimientoDescripcion"
    FROM movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario join movimiento_detalle dt on dt.codigo_movimiento = m.codigo_movimiento
              join movimiento_documento d on d.codigo_movimiento_documento = dt.codigo_movimiento_documento
              join catalogo_usuario cat on cat.codigo_catalogo_usuario = dt.codigo_catalogo_usuario left join parametro_seccion top on top.codigo_parametro = 3 and top.codigo = m.codigo_tipo_operacion::text left join parametro_seccion est on est.codigo_parametro = 6 and est.codigo = m.codigo_estado_movimiento::text left join parametro_seccion td on td.codigo_parametro = 56 and td.codigo = d.codigo_tipo_documento::text left join parametro_seccion pais on pais.codigo_parametro = 30 and pais.codigo = m.pais_procedencia::text left join parametro_seccion tm on tm.codigo_parametro = 11 and tm.codigo = m.codigo_tipo_mercaderia::text left join parametro_seccion via on via.codigo_parametro = 31 and via.codigo = m.codigo_via::text left join parametro_seccion ad on ad.codigo_parametro = 33 and ad.codigo = m.codigo_salida_aduana and m.codigo_salida_aduana <> '0' WHERE m.codigo_movimiento = ANY($1)) f
      CROSS JOIN LATERAL (VALUES ((case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text), ((f."tipoOperacion")::text), ((f."rucEmpresaUsuario")::text), ((f."razonSocialEmpresaUsuario")::text), ((f."tipoDocumentoFiscal")::text), ((f."numeroPartida")::text), ((f."mercancia")::text), (('KGS')::text), ((f."paisProcedencia")::text), ((f."codigoTipoMercaderia")::text), ((f."unidadMedida")::text), ((f."codigoTipoVia")::text), ((f."lugarIngresoSalida")::text)) t(texto)
    WHERE t.texto <> '') p;
  WITH v AS MATERIALIZED (SELECT m.codigo_movimiento, m.fecha_ingreso, m.codigo_empresa_usuario, m.codigo_tipo_operacion, m.codigo_estado_movimiento, m.estado_anulado, coalesce(l.lineas, 0) AS lineas,
    coalesce(l.xml_op2, '') AS xml_op2, coalesce(l.xml_op4, '') AS xml_op4
  FROM movimiento m LEFT JOIN (
    SELECT f.codigo_movimiento, count(*)::int AS lineas, string_agg(concat(E'\x01',
case when (case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text is null or (case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (case when (f."tFecha") is null then null else concat((array['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SETIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'])[extract(month from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int], ' ', extract(year from (to_timestamp((f."tFecha") - 18000) at time zone 'UTC'))::int) end)::text), '</v></c>') end,
case when (f."tFecha") is null then '<c s="7"/>' else concat('<c', ' s="4"><v>', floor(((f."tFecha") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then '<c s="7"/>'
    when (f."codigoIngreso")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', ' t="str"><v>', (f."codigoIngreso")::text, '</v></c>')
    else concat('<c', ' t="', case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoIngreso")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoIngreso")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoIngreso")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoIngreso")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."tipoOperacion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."tipoOperacion")::text), '</v></c>') end,
case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."rucEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."rucEmpresaUsuario")::text), '</v></c>') end,
case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."razonSocialEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."razonSocialEmpresaUsuario")::text), '</v></c>') end,
case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."tipoDocumentoFiscal")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."tipoDocumentoFiscal")::text), '</v></c>') end,
case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then '<c s="7"/>'
    when (f."numeroDocumento")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', ' t="str"><v>', (f."numeroDocumento")::text, '</v></c>')
    else concat('<c', ' t="', case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroDocumento")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroDocumento")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroDocumento")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroDocumento")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroPartida")::text is null or (f."numeroPartida")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."numeroPartida")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."numeroPartida")::text), '</v></c>') end,
case when (f."mercancia")::text is null or (f."mercancia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."mercancia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."mercancia")::text), '</v></c>') end,
case when (f."peso") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."peso")::float8, '</v></c>') end,
case when ('KGS')::text is null or ('KGS')::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left(('KGS')::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = ('KGS')::text), '</v></c>') end,
case when (f."valorTotal") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."valorTotal")::float8, '</v></c>') end,
case when (f."paisProcedencia")::text is null or (f."paisProcedencia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."paisProcedencia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."paisProcedencia")::text), '</v></c>') end, '</row>'), '' ORDER BY f.hijo) AS xml_op2,
      string_agg(concat(E'\x01',
case when (f."tFecha") is null then '<c s="7"/>' else concat('<c', ' s="4"><v>', floor(((f."tFecha") - 18000) / 86400)::int + 25569, '</v></c>') end,
case when (f."codigoIngreso")::text is null or (f."codigoIngreso")::text = '' then '<c s="7"/>'
    when (f."codigoIngreso")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', ' t="str"><v>', (f."codigoIngreso")::text, '</v></c>')
    else concat('<c', ' t="', case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."codigoIngreso")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."codigoIngreso")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."codigoIngreso")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."codigoIngreso")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."codigoIngreso")::text <> btrim((f."codigoIngreso")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."tipoOperacion")::text is null or (f."tipoOperacion")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."tipoOperacion")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."tipoOperacion")::text), '</v></c>') end,
case when (f."rucEmpresaUsuario")::text is null or (f."rucEmpresaUsuario")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."rucEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."rucEmpresaUsuario")::text), '</v></c>') end,
case when (f."razonSocialEmpresaUsuario")::text is null or (f."razonSocialEmpresaUsuario")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."razonSocialEmpresaUsuario")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."razonSocialEmpresaUsuario")::text), '</v></c>') end,
case when (f."codigoTipoMercaderia")::text is null or (f."codigoTipoMercaderia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."codigoTipoMercaderia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."codigoTipoMercaderia")::text), '</v></c>') end,
case when (f."tipoDocumentoFiscal")::text is null or (f."tipoDocumentoFiscal")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."tipoDocumentoFiscal")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."tipoDocumentoFiscal")::text), '</v></c>') end,
case when (f."numeroDocumento")::text is null or (f."numeroDocumento")::text = '' then '<c s="7"/>'
    when (f."numeroDocumento")::text !~ E'[&<>"\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|^[ \t\n\r\u00a0=+@-]|[ \t\n\r\u00a0]$' then concat('<c', ' t="str"><v>', (f."numeroDocumento")::text, '</v></c>')
    else concat('<c', ' t="', case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then 'inlineStr' else 'str' end, '"',
    case when left((f."numeroDocumento")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end,
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when (f."numeroDocumento")::text ~ E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]' then translate((f."numeroDocumento")::text, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', '') else (f."numeroDocumento")::text end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when (f."numeroDocumento")::text <> btrim((f."numeroDocumento")::text, E' \t\n\r\u00a0') then '</t></is></c>' else '</v></c>' end) end,
case when (f."numeroPartida")::text is null or (f."numeroPartida")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."numeroPartida")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."numeroPartida")::text), '</v></c>') end,
case when (f."mercancia")::text is null or (f."mercancia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."mercancia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."mercancia")::text), '</v></c>') end,
case when (f."cantidad") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."cantidad")::float8, '</v></c>') end,
case when (f."unidadMedida")::text is null or (f."unidadMedida")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."unidadMedida")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."unidadMedida")::text), '</v></c>') end,
case when (f."valorUnitario") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."valorUnitario")::float8, '</v></c>') end,
case when (f."valorTotal") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."valorTotal")::float8, '</v></c>') end,
case when (f."peso") is null then '<c s="7"/>' else concat('<c', ' s="2"><v>', (f."peso")::float8, '</v></c>') end,
case when (f."paisProcedencia")::text is null or (f."paisProcedencia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."paisProcedencia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."paisProcedencia")::text), '</v></c>') end,
case when (f."codigoTipoVia")::text is null or (f."codigoTipoVia")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."codigoTipoVia")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."codigoTipoVia")::text), '</v></c>') end,
case when (f."lugarIngresoSalida")::text is null or (f."lugarIngresoSalida")::text = '' then '<c s="7"/>'
    else concat('<c t="s"', case when left((f."lugarIngresoSalida")::text, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = (f."lugarIngresoSalida")::text), '</v></c>') end, '</row>'), '' ORDER BY f.hijo) AS xml_op4
    FROM (SELECT m.codigo_movimiento, dt.codigo_movimiento_detalle AS hijo, m.codigo_empresa_usuario AS empresa_texto, extract(epoch from m.fecha_ingreso)::float8 as "tFecha", extract(epoch from m.fecha_registro)::float8 as "tRegistro", m.codigo_ingreso as "codigoIngreso",
              top.nombre as "tipoOperacion", e.ruc as "rucEmpresaUsuario", e.razon_social as "razonSocialEmpresaUsuario",
              coalesce(td.nombre, d.codigo_tipo_documento) as "tipoDocumentoFiscal", d.numero_documento as "numeroDocumento",
              d.razon_social as "procedenciaDestino", cat.numero_partida as "numeroPartida", cat.descripcion as mercancia,
              dt.cantidad::float8 as cantidad, dt.peso::float8 as peso, cat.codigo_unidad_medida as "unidadMedida",
              dt.valor_fob::float8 as "valorUnitario", (dt.cantidad * dt.valor_fob)::float8 as "valorTotal",
              coalesce(pais.nombre, m.pais_procedencia) as "paisProcedencia", coalesce(tm.nombre, m.codigo_tipo_mercaderia) as "codigoTipoMercaderia",
              coalesce(via.nombre, m.codigo_via) as "codigoTipoVia", ad.nombre as "lugarIngresoSalida", est.nombre as "estadoMovimientoDescripcion"
    FROM movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario join movimiento_detalle dt on dt.codigo_movimiento = m.codigo_movimiento
              join movimiento_documento d on d.codigo_movimiento_documento = dt.codigo_movimiento_documento
              join catalogo_usuario cat on cat.codigo_catalogo_usuario = dt.codigo_catalogo_usuario left join parametro_seccion top on top.codigo_parametro = 3 and top.codigo = m.codigo_tipo_operacion::text left join parametro_seccion est on est.codigo_parametro = 6 and est.codigo = m.codigo_estado_movimiento::text left join parametro_seccion td on td.codigo_parametro = 56 and td.codigo = d.codigo_tipo_documento::text left join parametro_seccion pais on pais.codigo_parametro = 30 and pais.codigo = m.pais_procedencia::text left join parametro_seccion tm on tm.codigo_parametro = 11 and tm.codigo = m.codigo_tipo_mercaderia::text left join parametro_seccion via on via.codigo_parametro = 31 and via.codigo = m.codigo_via::text left join parametro_seccion ad on ad.codigo_parametro = 33 and ad.codigo = m.codigo_salida_aduana and m.codigo_salida_aduana <> '0' WHERE m.codigo_movimiento = ANY($1)) f
    GROUP BY f.codigo_movimiento) l ON l.codigo_movimiento = m.codigo_movimiento
  WHERE m.codigo_movimiento = ANY($1) ORDER BY m.fecha_ingreso, m.codigo_movimiento),
  op4 AS (INSERT INTO reporte_lineas_op4_fila (codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, lineas, xml_op4)
    SELECT codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, lineas, xml_op4 FROM v
    ON CONFLICT (codigo_movimiento) DO NOTHING)
  INSERT INTO reporte_lineas_fila (codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, lineas, xml_op2)
    SELECT codigo_movimiento, fecha_ingreso, codigo_empresa_usuario, codigo_tipo_operacion, codigo_estado_movimiento, estado_anulado, lineas, xml_op2 FROM v
    ON CONFLICT (codigo_movimiento) DO NOTHING;
$$;

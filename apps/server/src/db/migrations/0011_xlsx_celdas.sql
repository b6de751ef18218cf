-- A spreadsheet text cell rendered by the database, for the streamed Excel exports (modules/reporte/xlsx-sql.ts).
-- The same rules as the writer in modules/reporte/excel.ts: empty for null or ''; an inline string, never a
-- formula; text that a spreadsheet could read as a formula gets the text style 6 (quote prefix); characters
-- XML 1.0 cannot hold are dropped; & < > " escaped; leading or trailing blanks kept with xml:space.
create or replace function xlsx_texto(ref text, v text) returns text
language sql immutable parallel safe as $$
  select case when v is null or v = '' then '' else
    '<c r="' || ref || '" t="inlineStr"'
    || case when left(v, 1) in ('=', '+', '-', '@', E'\t', E'\r') then ' s="6"' else '' end
    || '><is><t'
    || case when v <> btrim(v, E' \t\n\r\u00a0') then ' xml:space="preserve"' else '' end
    || '>'
    || replace(replace(replace(replace(
         translate(v, E'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff', ''),
         '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')
    || '</t></is></c>' end
$$;

/**
 * A table cell's text on one line, cut with an ellipsis at `ancho` px and shown whole on hover. Tables take their
 * natural width (scroll x 'max-content'), so an uncut column is as wide as its longest value: company names of 40
 * capitals pushed the columns after them off a 1440 px screen.
 */
export function TextoCorto({ texto, ancho }: { texto: string | null | undefined; ancho: number }) {
  if (!texto) return null;
  return (
    <div title={texto} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: ancho }}>
      {texto}
    </div>
  );
}

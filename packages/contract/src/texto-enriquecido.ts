/**
 * What rich text (review observations) may contain: formatting only. The server sanitizes with this list
 * before storing; the web renders only these tags when showing stored text. One list, both sides.
 */
export const ETIQUETAS_TEXTO_ENRIQUECIDO: readonly string[] = [
  'p',
  'br',
  'div',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'a',
  'span',
];

/** Link schemes allowed in rich text (no javascript:, data: or protocol-relative links). */
export const ESQUEMAS_ENLACE_TEXTO = ['http', 'https', 'mailto'] as const;

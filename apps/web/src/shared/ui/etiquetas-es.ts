import { enfocarRegionesDesplazables } from './regiones-desplazables';

/**
 * Ant Design writes a few accessibility labels in English whatever the locale (the clear button of a select
 * 'Clear', the table's selection boxes 'Select all' / 'Select row 3', dialog and toast 'Close'), and every icon
 * is an image named in English ('search', 'close-circle'). Screen readers read them out, so a user meets
 * English. This pass, run on every change of the page, says them in Spanish: the fixed labels by a table;
 * icons become decorative (the button or link around them is named instead, by its own label or text, or by
 * the icon's Spanish name when the icon is all it has).
 */
const FIJAS: Record<string, string> = {
  Clear: 'Limpiar',
  Close: 'Cerrar',
  'Select all': 'Seleccionar todo',
  'Custom selection': 'Selección personalizada',
  'Clear color': 'Limpiar color',
  'Toggle start panel': 'Mostrar u ocultar el panel inicial',
  'Toggle end panel': 'Mostrar u ocultar el panel final',
};
const VARIABLES: [RegExp, string][] = [
  [/^Select row (\d+)$/, 'Seleccionar fila $1'],
  [/^Row (\d+) selected$/, 'Fila $1 seleccionada'],
];

/**
 * Spanish names for the few antd controls whose only content is an icon and that have neither a label nor a
 * title (the search button of a search box, the clear cross of a field). Names differ from the app's own
 * button texts, so that no screen gets two controls with the same name.
 */
const ICONOS: Record<string, string> = {
  search: 'Ejecutar búsqueda',
  'close-circle': 'Limpiar campo',
  close: 'Cerrar aviso',
  left: 'Página anterior',
  right: 'Página siguiente',
  'double-left': 'Páginas anteriores',
  'double-right': 'Páginas siguientes',
  down: 'Desplegar opciones',
  'menu-fold': 'Contraer menú lateral',
  'menu-unfold': 'Abrir menú lateral',
};

function traducirEtiqueta(el: Element) {
  const actual = el.getAttribute('aria-label');
  if (!actual) return;
  const fija = FIJAS[actual];
  if (fija) {
    el.setAttribute('aria-label', fija);
    return;
  }
  for (const [patron, es] of VARIABLES)
    if (patron.test(actual)) {
      el.setAttribute('aria-label', actual.replace(patron, es));
      return;
    }
}

function silenciarIcono(icono: Element) {
  const nombre = icono.getAttribute('aria-label') ?? '';
  icono.removeAttribute('aria-label');
  icono.removeAttribute('role');
  icono.setAttribute('aria-hidden', 'true');
  // A link without an address (the pagination's 'next 5 pages' arrow inside its focusable item) is no control:
  // a name there is prohibited (axe aria-prohibited-attr).
  const control = icono.closest('button, a[href], [role="button"]');
  if (control && !control.getAttribute('aria-label') && !control.textContent?.trim()) {
    const titulo = control.getAttribute('title') ?? control.parentElement?.getAttribute('title');
    control.setAttribute('aria-label', titulo || ICONOS[nombre] || 'Acción sin nombre');
  }
}

/** One pass over a subtree. */
export function traducirEtiquetas(raiz: ParentNode) {
  for (const icono of raiz.querySelectorAll('.anticon[role="img"]')) silenciarIcono(icono);
  for (const el of raiz.querySelectorAll('[aria-label]')) traducirEtiqueta(el);
}

/**
 * Keeps the whole document in Spanish as screens render, and its sideways-scrolling tables reachable with the
 * keyboard (regiones-desplazables.ts), also when the window changes size.
 */
export function observarEtiquetas(documento: Document = document) {
  let pendiente = false;
  const pasar = () => {
    pendiente = false;
    traducirEtiquetas(documento.body);
    enfocarRegionesDesplazables(documento.body);
  };
  documento.defaultView?.addEventListener('resize', () => enfocarRegionesDesplazables(documento.body));
  new MutationObserver(() => {
    if (pendiente) return;
    pendiente = true;
    queueMicrotask(pasar);
  }).observe(documento.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  pasar();
}

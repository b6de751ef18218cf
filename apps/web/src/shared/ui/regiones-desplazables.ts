/**
 * A table wider than its card scrolls sideways inside Ant Design's `.ant-table-content` (or `.ant-table-body` with a
 * fixed header). When no row has a button or a link, the keyboard cannot reach that box and its hidden columns
 * cannot be scrolled into view (WCAG 2.2 SC 2.1.1; axe scrollable-region-focusable). Such a box becomes a named
 * stop of the Tab key, where the arrow keys scroll it; it stops being one when it no longer scrolls.
 */
const MARCA = 'data-desplazable';
const ENFOCABLES = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function enfocarRegionesDesplazables(raiz: ParentNode) {
  for (const caja of raiz.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    const desborda = caja.scrollWidth > caja.clientWidth + 1 || caja.scrollHeight > caja.clientHeight + 1;
    const marcada = caja.hasAttribute(MARCA);
    const conControles = Array.from(caja.querySelectorAll(ENFOCABLES)).some((e) => e !== caja);
    if (desborda && !conControles && !marcada) {
      caja.setAttribute(MARCA, '');
      caja.tabIndex = 0;
      caja.setAttribute('role', 'region');
      caja.setAttribute('aria-label', 'Tabla desplazable: use las flechas para ver sus columnas');
    } else if (marcada && (!desborda || conControles)) {
      caja.removeAttribute(MARCA);
      caja.removeAttribute('tabindex');
      caja.removeAttribute('role');
      caja.removeAttribute('aria-label');
    }
  }
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The accessibility checks of the browser suite: axe-core against WCAG 2.2 AA, the visible focus of each keyboard
 * stop, and the size of touch targets on gate screens.
 */

/** axe-core's tags for the success criteria of WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const ETIQUETAS_WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The serious and critical WCAG 2.2 AA violations axe-core finds on what the page shows now, one line per element
 * ("where: rule (impact) selector — what to fix"). Only violations are collected (resultTypes), which keeps each
 * run to the rules' own work.
 */
export async function violacionesWcag(page: Page, donde: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default mode opens a blank page for every analysis to merge the
  // results of cross-origin frames, which the app does not have (docs/adr/0133-axe-en-la-suite.md).
  // Nothing is excluded: every violation found came from the app's own markup and theme and was fixed there.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(ETIQUETAS_WCAG_22_AA)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${donde}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
      ),
    );
}

/** What the focused element shows around itself: its ring (or its field's box's) and the ring's contrast. */
export interface Foco {
  descripcion: string;
  anillo: string;
  contraste: number;
}

/**
 * The focused element's indicator (WCAG 2.2 SC 2.4.7 focus visible; SC 1.4.11 asks 3:1 for it): the outline of the
 * element, or of the field box around it (a select, a number field, a checkbox's label), and its contrast against
 * the background behind it. A box-shadow ring counts when it has a spread.
 */
export function focoActual(page: Page): Promise<Foco | null> {
  return page.evaluate(() => {
    const activo = document.activeElement as HTMLElement | null;
    if (!activo || activo === document.body) return null;
    // A focused input inside a field box or a checkbox's label shows its ring on that box; anything else on itself.
    const campo = activo.matches('input, textarea')
      ? activo.closest(
          '.ant-select, .ant-input-number, .ant-input-affix-wrapper, .ant-picker, .ant-checkbox-wrapper, .ant-radio-wrapper',
        )
      : null;
    const caja = (campo ?? activo) as HTMLElement;
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const luz = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    // The colour behind the ring: the first opaque background from the box's parent up.
    let fondo = [255, 255, 255];
    for (let e = caja.parentElement; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c[3] ?? 1) > 0.5) {
        fondo = c;
        break;
      }
    }
    const estilo = getComputedStyle(caja);
    const ancho = Number.parseFloat(estilo.outlineWidth);
    const sombra = estilo.boxShadow !== 'none' && /\d+px\s+[1-9]\d*(\.\d+)?px\s+[a-z(]/.test(estilo.boxShadow);
    const color =
      ancho > 0 && estilo.outlineStyle !== 'none' ? rgb(estilo.outlineColor) : sombra ? rgb(estilo.boxShadow) : [];
    const [a, b] = [luz(color), luz(fondo)].sort((x, y) => y - x);
    const contraste = color.length >= 3 && (color[3] ?? 1) > 0.5 ? ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05) : 0;
    const nombre =
      activo.getAttribute('aria-label') ??
      (activo.id ? document.querySelector(`label[for="${activo.id}"]`)?.textContent : null) ??
      activo.textContent?.trim().slice(0, 60) ??
      '';
    return {
      descripcion: `${activo.tagName.toLowerCase()} "${nombre}"${activo.matches(':focus-visible') ? '' : ' (sin :focus-visible)'}`,
      anillo:
        ancho > 0 && estilo.outlineStyle !== 'none'
          ? `outline ${estilo.outlineWidth} ${estilo.outlineStyle} ${estilo.outlineColor}`
          : sombra
            ? `box-shadow ${estilo.boxShadow}`
            : 'ninguno',
      contraste: Math.round(contraste * 100) / 100,
    };
  });
}

/** The focus ring must exist, be at least 2 px and reach 3:1 against what is behind it (SC 2.4.7, SC 1.4.11). */
export async function esperarFocoVisible(page: Page) {
  // The ring is drawn with the next frame after the key press: it is read again for up to half a second.
  let foco = await focoActual(page);
  for (let i = 0; i < 10 && foco && foco.anillo === 'ninguno'; i++) {
    await page.waitForTimeout(50);
    foco = await focoActual(page);
  }
  expect(foco, 'ningún elemento tiene el foco').not.toBeNull();
  if (!foco) return;
  expect(foco.anillo, `foco sin indicador visible en ${foco.descripcion} (WCAG 2.2 SC 2.4.7)`).not.toBe('ninguno');
  expect(
    foco.contraste,
    `el indicador de foco de ${foco.descripcion} (${foco.anillo}) no llega a 3:1 (WCAG 2.2 SC 1.4.11)`,
  ).toBeGreaterThanOrEqual(3);
}

/**
 * Presses Tab (Shift+Tab with `atras`) until `destino` has the focus, checking at every stop that the focus is
 * visible. Fails after `maximo` presses: the control cannot be reached with the keyboard.
 */
export async function tabularHasta(page: Page, destino: Locator, opciones: { atras?: boolean; maximo?: number } = {}) {
  const tecla = opciones.atras ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < (opciones.maximo ?? 40); i++) {
    await page.keyboard.press(tecla);
    await esperarFocoVisible(page);
    const llegado = await destino.evaluate((e) => e === document.activeElement || e.contains(document.activeElement));
    if (llegado) return;
  }
  throw new Error(`No se llega con ${tecla} a ${destino} en ${opciones.maximo ?? 40} pulsaciones`);
}

/** One interactive element smaller than the gate screens' target size. */
export interface ObjetivoPequenio {
  elemento: string;
  ancho: number;
  alto: number;
}

/**
 * The interactive elements in view of the header and the screen's content smaller than `minimo` px in either side
 * (WCAG 2.2 SC 2.5.5, target size (enhanced): 44 × 44 CSS px). The target of a field or a checkbox is the box or
 * the label the user touches (an antd select, a number field, a checkbox's label), not the input hidden inside it.
 * Links inside a sentence are exempt (SC 2.5.5 "Inline").
 */
export function objetivosPequenios(page: Page, minimo = 44): Promise<ObjetivoPequenio[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="combobox"]',
      '[role="tab"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const zonas = Array.from(document.querySelectorAll('header, main'));
    const vistos = new Set<Element>();
    const pequenios: { elemento: string; ancho: number; alto: number }[] = [];
    for (const zona of zonas) {
      for (const e of Array.from(zona.querySelectorAll(selector))) {
        if ((e as HTMLElement).closest('[aria-hidden="true"], [inert]')) continue;
        if (
          e.tagName === 'A' &&
          e.closest('p, li') &&
          (e.closest('p, li')?.textContent ?? '').trim() !== e.textContent?.trim()
        )
          continue;
        const objetivo =
          e.closest(
            'label, .ant-select, .ant-input-number, .ant-input-affix-wrapper, .ant-picker, .ant-upload-select',
          ) ?? e;
        if (vistos.has(objetivo)) continue;
        vistos.add(objetivo);
        const r = objetivo.getBoundingClientRect();
        const estilo = getComputedStyle(objetivo);
        if (r.width === 0 || r.height === 0 || estilo.visibility === 'hidden' || estilo.display === 'none') continue;
        if (r.width < min || r.height < min) {
          const nombre =
            objetivo.getAttribute('aria-label') ??
            e.getAttribute('aria-label') ??
            (objetivo.textContent ?? '').trim().slice(0, 50);
          pequenios.push({
            elemento: `${objetivo.tagName.toLowerCase()}.${String(objetivo.className).split(' ')[0]} "${nombre}"`,
            ancho: Math.round(r.width * 10) / 10,
            alto: Math.round(r.height * 10) / 10,
          });
        }
      }
    }
    return pequenios;
  }, minimo);
}

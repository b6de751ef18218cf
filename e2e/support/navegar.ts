import { expect, type Page } from '@playwright/test';

/**
 * Moving between screens inside the running app, as a menu click does, without loading the whole app again: the
 * router follows the address it is given (`popstate`), and the test waits until the screen's requests are answered.
 * For the tests that visit every screen (40 per viewport): a full page load for each screen, and the load event's
 * half-second of network silence, were most of their time.
 */
export function navegante(page: Page) {
  // The requests seen under way, by object: one that started before these listeners were added and finishes
  // after them is never counted, so the count cannot go below zero and the wait cannot miss a quiet screen.
  const enCurso = new Set<object>();
  const cuenta = (r: { resourceType(): string }) => ['fetch', 'xhr', 'script', 'stylesheet'].includes(r.resourceType());
  page.on('request', (r) => {
    if (cuenta(r)) enCurso.add(r);
  });
  const termina = (r: object) => {
    enCurso.delete(r);
  };
  page.on('requestfinished', termina);
  page.on('requestfailed', termina);

  /** Waits until no request of the screen is under way for two frames and 150 ms (its data drawn). */
  async function quieta() {
    await expect
      .poll(
        async () => {
          if (enCurso.size > 0) return false;
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          await page.waitForTimeout(150);
          return enCurso.size === 0;
        },
        { timeout: 20_000, intervals: [50] },
      )
      .toBe(true);
  }

  return {
    /** Opens `ruta` in the app already loaded (the first call loads it). */
    async ir(ruta: string) {
      if (!page.url().includes('/app/')) {
        await page.goto(ruta);
      } else {
        await page.evaluate((r) => {
          window.history.pushState({}, '', r);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, ruta);
      }
      await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
      await quieta();
    },
  };
}

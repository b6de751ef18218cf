import type { Page } from '@playwright/test';

/**
 * Holds every request to `patron` before it reaches the server (as a large export is held while the server makes it),
 * so a test can see what the screen shows meanwhile. `soltar()` lets them through and stops holding new ones.
 */
export async function retenerPeticiones(page: Page, patron: string) {
  let liberar: () => void = () => undefined;
  const retenida = new Promise<void>((listo) => {
    liberar = listo;
  });
  await page.route(patron, async (ruta) => {
    await retenida;
    // A request the page already cancelled cannot go on.
    await ruta.continue().catch(() => undefined);
  });
  return {
    async soltar() {
      liberar();
      await page.unroute(patron);
    },
  };
}

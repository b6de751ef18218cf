import { expect, type Locator } from '@playwright/test';

/**
 * Types a date (or month) into an antd date picker and commits it with Enter. Typed text that the picker did not
 * commit is dropped when the field loses focus, so it checks the value after leaving the field and types again
 * if it did not stay.
 */
export async function escribirFecha(campo: Locator, valor: string) {
  await expect(async () => {
    await campo.click();
    await campo.fill(valor);
    await campo.press('Enter');
    await campo.blur();
    await expect(campo).toHaveValue(valor, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

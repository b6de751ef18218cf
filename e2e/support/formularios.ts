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

/**
 * Chooses an option of an antd Select with the keyboard, as a quick user does: types `buscar` into a searchable
 * select (or, with null, opens a plain one), moves the highlight down to the option whose text contains `opcion`
 * and presses Enter. A click on the option is not used: under a modal, Playwright scrolls the page behind it to
 * reach an option while the dropdown is still sliding in, and the click then lands beside it and chooses nothing
 * (seen with the voucher dialog over a long list). The field must then show the choice, or it is tried again.
 */
export async function elegirOpcion(campo: Locator, opcion: string, buscar: string | null = opcion) {
  const page = campo.page();
  const selector = campo.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const activa = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await expect(async () => {
    if (buscar === null) await campo.click();
    else await campo.fill(buscar);
    await expect(activa).toBeVisible({ timeout: 5_000 });
    for (let i = 0; i < 20 && !((await activa.textContent()) ?? '').includes(opcion); i++)
      await campo.press('ArrowDown');
    await expect(activa).toContainText(opcion, { timeout: 1_000 });
    await campo.press('Enter');
    // Out of the field, the search text is cleared and the chosen option's label is what the field shows.
    await campo.blur();
    await expect(selector).toContainText(opcion, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Clicks a dialog's save button until `hecho` holds, as a user clicks again when nothing happened. Right after
 * typing, the form's validation lines open and close and move the button under the pointer: on a loaded machine
 * such a click has been lost (dialog still open, no request in the trace). A click while the save runs does
 * nothing (the button is loading), so a slow save is not sent twice.
 */
export async function guardarHasta(dialogo: Locator, boton: string, hecho: () => Promise<void>) {
  await expect(async () => {
    if (await dialogo.isVisible()) await dialogo.getByRole('button', { name: boton }).click({ timeout: 2_000 });
    await hecho();
  }).toPass({ timeout: 25_000 });
}

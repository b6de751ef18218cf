import { expect, test } from '@playwright/test';
import { sesionPorApi } from '../support/sesion';

/**
 * Configuración general (all-settings) on a phone: every field and button of «Tolerancias y plazos» stays inside
 * its card (the 'horas' of the counting deadline used to stick out past the card's right edge at 390 px).
 */
test('on a 390 px phone the deadlines and tolerances fit inside their card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await sesionPorApi(page, 'admin');
  await page.goto('/app/all-settings');
  const tarjeta = page.getByTestId('ajuste-plazos');
  await expect(tarjeta.getByText('horas')).toBeVisible();
  const fuera = await tarjeta.evaluate((t) => {
    const borde = t.getBoundingClientRect().right;
    return [...t.querySelectorAll('input, button, .ant-input-number-group-addon, .ant-space-addon')]
      .filter((x) => x.getBoundingClientRect().right > borde + 0.5)
      .map((x) => x.textContent || x.getAttribute('id') || x.tagName);
  });
  expect(fuera).toEqual([]);
});

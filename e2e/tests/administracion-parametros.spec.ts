import { expect, type Page, test } from '@playwright/test';
import { sesionPorApi, tokenDe } from '../support/sesion';

/**
 * Parámetros Generales (spec 02 §2, §5, §8): create and edit a parameter and a section, the required-fields
 * message, enable/disable; only the operator's staff edit (a user company's administrator sees no button and
 * the server refuses the calls).
 */

async function abrir(page: Page, usuario: string) {
  await sesionPorApi(page, usuario);
  await page.goto('/app/administration/parametters');
  await expect(page.getByText('Parámetros Generales').first()).toBeVisible();
}

test('operator staff create, edit, disable and enable a parameter and add and edit a section', async ({ page }) => {
  await abrir(page, 'admin');
  const nombre = `E2E PARAMETRO ${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('button', { name: 'Agregar Parámetro' }).click();
  const d = page.getByRole('dialog', { name: 'Nuevo Parámetro' });
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe rellenar campos obligatorios').first()).toBeVisible();
  await expect(d.getByText('Este es un campo requerido')).toHaveCount(2);
  await d.getByLabel('Nombre').fill(nombre);
  await d.getByLabel('Descripción').fill('Tipos de contenedor de prueba');
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Parámetro registro con éxito').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Buscar' }).fill(nombre);
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toHaveCount(1);
  await expect(fila.getByText('Activo')).toBeVisible();
  await fila.getByRole('button', { name: 'Editar' }).click();
  const e = page.getByRole('dialog', { name: 'Editar Parámetro' });
  await expect(e.getByLabel('Nombre')).toHaveValue(nombre);
  await e.getByLabel('Descripción').fill('Tipos de contenedor (editado)');
  await e.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Parámetro registro con éxito').first()).toBeVisible();
  await expect(fila.getByRole('cell', { name: 'Tipos de contenedor (editado)' })).toBeVisible();

  // Sections: list, add (required name), edit and disable one.
  await fila.getByRole('button', { name: `Secciones de ${nombre}` }).click();
  const lista = page.getByRole('dialog', { name: `Secciones — ${nombre}` });
  await lista.getByRole('button', { name: 'Agregar Sección' }).click();
  const s = page.getByRole('dialog', { name: 'Nueva Sección' });
  await s.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe rellenar campos obligatorios').first()).toBeVisible();
  await s.getByLabel('Nombre').fill('CONTENEDOR REFRIGERADO');
  await s.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sección registrada con éxito').first()).toBeVisible();
  const seccion = lista.getByRole('row').filter({ hasText: 'CONTENEDOR REFRIGERADO' });
  await expect(seccion).toBeVisible();
  await seccion.getByRole('button', { name: 'Editar sección' }).click();
  const es = page.getByRole('dialog', { name: 'Editar Sección' });
  await es.getByLabel('Nombre').fill('CONTENEDOR REEFER');
  await es.getByRole('switch', { name: 'Activo' }).click();
  await es.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sección registrada con éxito').first()).toBeVisible();
  const editada = lista.getByRole('row').filter({ hasText: 'CONTENEDOR REEFER' });
  await expect(editada).toHaveClass(/fila-anulada/);
  // A second value of that name (capitals and spaces aside) is refused under its name, and nothing is added.
  await lista.getByRole('button', { name: 'Agregar Sección' }).click();
  await s.getByLabel('Nombre').fill(' contenedor reefer ');
  await s.getByRole('button', { name: 'Guardar' }).click();
  await expect(s.getByText('Ya existe un valor con ese nombre en este parámetro.')).toBeVisible();
  await s.getByRole('button', { name: 'Cancelar' }).click();
  await lista.getByRole('button', { name: 'Cerrar' }).click();
  await expect(fila.getByRole('button', { name: `Secciones de ${nombre}` })).toHaveText('1');

  // Disable: red, only Habilitar; then enable.
  await fila.getByRole('button', { name: 'Deshabilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(fila).toHaveClass(/fila-anulada/);
  await expect(fila.getByText('Inactivo')).toBeVisible();
  await expect(fila.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await fila.getByRole('button', { name: 'Habilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(fila).not.toHaveClass(/fila-anulada/);
  await expect(fila.getByRole('button', { name: 'Editar' })).toBeVisible();
});

test("a user company's administrator reads parameters without write buttons, and the server refuses the writes", async ({
  page,
}) => {
  await abrir(page, 'admin.andinas');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar Parámetro' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deshabilitar' })).toHaveCount(0);
  // Nor an empty Acciones column (on a phone it stayed pinned over the names).
  await expect(page.getByRole('columnheader', { name: 'Acciones' })).toHaveCount(0);
  const primera = page.getByRole('row').nth(1);
  await primera.getByRole('button', { name: /^Secciones de/ }).click();
  const lista = page.getByRole('dialog', { name: /^Secciones — / });
  await expect(lista.getByRole('row').nth(1)).toBeVisible();
  await expect(lista.getByRole('button', { name: 'Agregar Sección' })).toHaveCount(0);
  await expect(lista.getByRole('button', { name: 'Editar sección' })).toHaveCount(0);

  const headers = { authorization: `Bearer ${await tokenDe(page)}` };
  const llamadas = [
    ['/api/Parametro/GuardarParametro', { data: { nombre: 'INTRUSO', descripcion: 'No debe existir' } }],
    ['/api/Parametro/GuardarParametro', { data: { codigoParametro: 13, nombre: 'INTRUSO', descripcion: 'x' } }],
    ['/api/Parametro/CambiarEstadoAnuladoParametro', { codigoParametro: 13, estadoAnulado: 1 }],
    ['/api/ParametroSeccion/GuardarParametroSeccion', { data: { codigoParametro: 13, nombre: 'INTRUSA' } }],
  ] as const;
  for (const [ruta, data] of llamadas) {
    const r = await page.request.post(ruta, { headers, data });
    expect(r.status(), `${ruta} ${await r.text()}`).toBe(403);
  }
  const nada = await page.request.get('/api/Parametro/ListarDatos?Columna=nombre&Valor=INTRUSO', { headers });
  expect((await nada.json()).meta.total).toBe(0);
});

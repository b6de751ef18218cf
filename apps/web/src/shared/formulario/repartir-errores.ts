export type Nombre = (string | number)[];

/**
 * Where each of the server's 422 field errors goes: onto the form field of that name (after `nombres`, the map
 * of the server's names to the form's where they differ; a 'data.campo' of an older answer is read as 'campo'), or,
 * when the form has no such field, into the list of messages to show in the error notice — so no message is
 * ever shown nowhere. Messages equal to the notice's own text are not repeated.
 */
export function repartirErrores(
  errores: Record<string, string[]>,
  registrados: Nombre[],
  nombres: Record<string, string> = {},
  mensajeGeneral = '',
): { campos: { name: Nombre; errors: string[] }[]; sueltos: string[] } {
  const clave = (n: Nombre) => n.join('.');
  const conocidos = new Map(registrados.map((n) => [clave(n), n]));
  const campos: { name: Nombre; errors: string[] }[] = [];
  const sueltos: string[] = [];
  for (const [nombre, errors] of Object.entries(errores)) {
    const propio = nombres[nombre] ?? nombre;
    const candidato = conocidos.get(propio) ?? conocidos.get(propio.replace(/^data\./, ''));
    if (candidato) campos.push({ name: candidato, errors });
    else for (const m of errors) if (m !== mensajeGeneral && !sueltos.includes(m)) sueltos.push(m);
  }
  return { campos, sueltos };
}

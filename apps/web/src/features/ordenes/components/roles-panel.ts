/** What the movement documents panel offers each role (spec 01 §6); the server refuses the rest. */
export function permisosPanel(rol: number) {
  return {
    eliminarYSubir: [1, 2, 8].includes(rol),
    detalle: [1, 2, 3, 4, 7, 8].includes(rol),
    fotos: [1, 2, 3, 4, 7].includes(rol),
    agregarImagenes: [1, 2, 4].includes(rol),
  };
}

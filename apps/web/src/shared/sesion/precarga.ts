/**
 * What the signed-in screens need, downloaded while the user types the credentials on the login page. The
 * router registers it (app/enrutador.tsx); the login page only asks for it, so features never import the app.
 */
let precargar: () => void = () => undefined;
export const registrarPrecargaSesion = (f: () => void) => {
  precargar = f;
};
export const precargarSesion = () => precargar();

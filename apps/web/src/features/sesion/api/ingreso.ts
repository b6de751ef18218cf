import { apiSesion, type BodyDe } from '@cronos/contract';
import { llamarRuta } from '../../../shared/api/ruta';

/**
 * Signs in. The login page has no query cache (it loads without Ant Design and the server-state cache), so
 * this is a plain call: only the session routes' definitions travel with the page.
 */
export const iniciarSesion = (credenciales: BodyDe<typeof apiSesion.login>) =>
  llamarRuta(apiSesion.login, { body: credenciales, manejar: [400, 401, 403, 422, 429] });

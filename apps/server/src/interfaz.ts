import { CONTRASENIA_DEMO } from './db/seed/demo';

/** Where the server listens and, when it matters, why (one Spanish line for the start log). */
export interface Interfaz {
  host: string;
  aviso: string | null;
}

/** Loopback addresses: only this machine reaches them. */
export const esLocal = (host: string) => /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i.test(host);

/**
 * The interface to listen on (docs/adr/0180-escucha-local-con-datos-de-demostracion.md). `HOST` set is obeyed. Unset,
 * a database where some user still signs in with the published demo password is served on 127.0.0.1 only (anyone who
 * reached the port could sign in as its SuperAdministrador); any other database on every interface. Either way, demo
 * users reachable from other machines, or a listening narrowed on their account, are said at start.
 */
export function decidirInterfaz(host: string | undefined, usuariosDemo: number): Interfaz {
  const cuantos =
    usuariosDemo === 1 ? '1 usuario de demostración conserva' : `${usuariosDemo} usuarios de demostración conservan`;
  if (host === undefined || host === '') {
    if (usuariosDemo === 0) return { host: '0.0.0.0', aviso: null };
    return {
      host: '127.0.0.1',
      aviso:
        `Escuchando solo en 127.0.0.1 (este equipo): ${cuantos} la contraseña publicada (${CONTRASENIA_DEMO}). ` +
        'Para aceptar conexiones de otras máquinas, cambie esas contraseñas o defina HOST=0.0.0.0.',
    };
  }
  if (usuariosDemo === 0 || esLocal(host)) return { host, aviso: null };
  return {
    host,
    aviso:
      `ATENCIÓN: HOST=${host} acepta conexiones de otras máquinas y ${cuantos} la contraseña publicada ` +
      `(${CONTRASENIA_DEMO}): cualquiera que alcance este puerto puede ingresar con ellos. Cambie esas contraseñas.`,
  };
}

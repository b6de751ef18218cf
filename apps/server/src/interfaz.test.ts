import { describe, expect, it } from 'vitest';
import { cargarConfig } from './config';
import { decidirInterfaz, esLocal } from './interfaz';

describe('la interfaz en que escucha el servidor', () => {
  it('sin HOST, con usuarios de demostración que conservan la contraseña publicada, solo este equipo y lo dice', () => {
    const i = decidirInterfaz(undefined, 8);
    expect(i.host).toBe('127.0.0.1');
    expect(i.aviso).toBe(
      'Escuchando solo en 127.0.0.1 (este equipo): 8 usuarios de demostración conservan la contraseña publicada ' +
        '(Cronos.2026). Para aceptar conexiones de otras máquinas, cambie esas contraseñas o defina HOST=0.0.0.0.',
    );
    expect(decidirInterfaz('', 1).aviso).toMatch(/^Escuchando solo en 127\.0\.0\.1 \(este equipo\): 1 usuario de /);
  });

  it('sin HOST y sin contraseñas de demostración, todas las interfaces, como un servidor de producción', () => {
    expect(decidirInterfaz(undefined, 0)).toEqual({ host: '0.0.0.0', aviso: null });
  });

  it('HOST definido se obedece; si expone usuarios de demostración, lo advierte al arrancar', () => {
    expect(decidirInterfaz('0.0.0.0', 3)).toEqual({
      host: '0.0.0.0',
      aviso:
        'ATENCIÓN: HOST=0.0.0.0 acepta conexiones de otras máquinas y 3 usuarios de demostración conservan la ' +
        'contraseña publicada (Cronos.2026): cualquiera que alcance este puerto puede ingresar con ellos. Cambie ' +
        'esas contraseñas.',
    });
    expect(decidirInterfaz('192.168.1.20', 1).aviso).toMatch(/^ATENCIÓN: HOST=192\.168\.1\.20 acepta/);
    expect(decidirInterfaz('0.0.0.0', 0)).toEqual({ host: '0.0.0.0', aviso: null });
    expect(decidirInterfaz('127.0.0.1', 8)).toEqual({ host: '127.0.0.1', aviso: null });
    expect(decidirInterfaz('::1', 8)).toEqual({ host: '::1', aviso: null });
  });

  it('reconoce las direcciones de este equipo', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', 'LOCALHOST']) expect(esLocal(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'cronos.example.pe'])
      expect(esLocal(h), h).toBe(false);
  });

  it('la configuración no fija HOST: sin la variable, decide la base de datos', () => {
    expect(cargarConfig({}).HOST).toBeUndefined();
    expect(cargarConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

/** Release notes (static, in Spanish, dated notes from 2020; spec 02 §2 Release notes). */
export interface Nota {
  fecha: string;
  version: string;
  titulo: string;
  cambios: string[];
}

export const NOTAS: Nota[] = [
  {
    fecha: '2020-12-14',
    version: '2.4.0',
    titulo: 'Certificados de manufactura',
    cambios: [
      'Solicitud de certificados de manufactura en dos pasos: registro y documentos.',
      'Aprobación y rechazo por Tesorería con observaciones.',
      'Vigencia de 180 días visible en la bandeja.',
    ],
  },
  {
    fecha: '2020-10-05',
    version: '2.3.0',
    titulo: 'Verificación de carga con imágenes',
    cambios: [
      'Carga de imágenes de verificación de ingreso y salida.',
      'Consulta de operaciones verificadas por código de orden o número de ticket.',
    ],
  },
  {
    fecha: '2020-08-17',
    version: '2.2.0',
    titulo: 'Balanza y pesaje de salida',
    cambios: [
      'Pesaje de salida con peso bruto, tara y neto.',
      'Registro de carreta y doble carreta.',
      'Declaración de conformidad obligatoria antes de guardar.',
    ],
  },
  {
    fecha: '2020-06-01',
    version: '2.1.0',
    titulo: 'Órdenes peatonales',
    cambios: ['Registro de órdenes peatonales con consulta de DNI.', 'Documentos de sustento en PDF o JPG.'],
  },
  {
    fecha: '2020-03-09',
    version: '2.0.0',
    titulo: 'Nueva plataforma Cronos',
    cambios: [
      'Nuevo menú lateral según los permisos de cada usuario.',
      'Cierre de sesión automático tras 40 minutos de inactividad.',
      'Cambio de contraseña desde el menú de usuario.',
    ],
  },
];

/**
 * The route table of spec 01 §2. One list serves three readers: the web router registers every path,
 * the seed builds the menu tree (permission nodes) from it, and the server maps each endpoint to a node.
 * `modulo` is the permission node key: the path under /app.
 */
export interface Ruta {
  modulo: string;
  titulo: string;
  icono: string;
}
export interface GrupoMenu {
  clave: string;
  titulo: string;
  icono: string;
  rutas: Ruta[];
}

export const MENU: GrupoMenu[] = [
  {
    clave: 'inicio',
    titulo: 'Inicio',
    icono: 'HomeOutlined',
    rutas: [
      { modulo: 'dashboard', titulo: 'Panel principal', icono: 'DashboardOutlined' },
      { modulo: 'all-settings', titulo: 'Configuración general', icono: 'SettingOutlined' },
    ],
  },
  {
    clave: 'operations',
    titulo: 'Operaciones',
    icono: 'ContainerOutlined',
    rutas: [
      { modulo: 'operations/order/register', titulo: 'Generar Órdenes', icono: 'FileAddOutlined' },
      { modulo: 'operations/Declarations', titulo: 'Declaraciones', icono: 'FileTextOutlined' },
      { modulo: 'operations/DeclarationsControl', titulo: 'Control de Declaraciones', icono: 'FileSearchOutlined' },
      { modulo: 'operations/manufacture', titulo: 'Certificados de Manufactura', icono: 'SafetyCertificateOutlined' },
      { modulo: 'operations/openingContainer', titulo: 'Apertura de Contenedor', icono: 'InboxOutlined' },
      { modulo: 'operations/DAM', titulo: 'DAM', icono: 'ProfileOutlined' },
    ],
  },
  {
    clave: 'security',
    titulo: 'Seguridad',
    icono: 'SafetyOutlined',
    rutas: [
      { modulo: 'security/income', titulo: 'Control Ingreso', icono: 'LoginOutlined' },
      { modulo: 'security/exit', titulo: 'Control Salida', icono: 'LogoutOutlined' },
    ],
  },
  {
    clave: 'balanza',
    titulo: 'Balanza',
    icono: 'DashboardOutlined',
    rutas: [
      { modulo: 'balanza/firstScales', titulo: 'Pesaje Ingreso', icono: 'VerticalAlignBottomOutlined' },
      { modulo: 'balanza/secondScales', titulo: 'Pesaje Salida', icono: 'VerticalAlignTopOutlined' },
    ],
  },
  {
    clave: 'operator',
    titulo: 'Operador',
    icono: 'AuditOutlined',
    rutas: [
      { modulo: 'operator/list', titulo: 'Verificación de Órdenes', icono: 'UnorderedListOutlined' },
      { modulo: 'operator/check', titulo: 'Órdenes Observadas', icono: 'ExclamationCircleOutlined' },
      { modulo: 'operator/income', titulo: 'Verificación Ingreso', icono: 'CheckSquareOutlined' },
      { modulo: 'operator/exit', titulo: 'Verificación Salida', icono: 'CheckCircleOutlined' },
    ],
  },
  {
    clave: 'inventory',
    titulo: 'Inventario',
    icono: 'DatabaseOutlined',
    rutas: [
      { modulo: 'inventory/control', titulo: 'Control de Inventario', icono: 'ControlOutlined' },
      { modulo: 'inventory/finishedProducts', titulo: 'Productos Terminados', icono: 'GiftOutlined' },
      { modulo: 'inventory/kardex', titulo: 'Kardex', icono: 'TableOutlined' },
      { modulo: 'inventory/controlInventory', titulo: 'Inventario Físico', icono: 'ReconciliationOutlined' },
      { modulo: 'inventory/otherProducts', titulo: 'Otros Productos', icono: 'AppstoreOutlined' },
    ],
  },
  {
    clave: 'industry',
    titulo: 'Industria',
    icono: 'BuildOutlined',
    rutas: [{ modulo: 'industry/cip', titulo: 'CIP', icono: 'ExperimentOutlined' }],
  },
  {
    clave: 'administration',
    titulo: 'Administración',
    icono: 'TeamOutlined',
    rutas: [
      { modulo: 'administration/users', titulo: 'Usuarios', icono: 'UserOutlined' },
      { modulo: 'administration/staff', titulo: 'Administradores', icono: 'CrownOutlined' },
      { modulo: 'administration/trucks', titulo: 'Transportistas', icono: 'CarOutlined' },
      { modulo: 'administration/products', titulo: 'Catálogo de Productos', icono: 'ShoppingOutlined' },
      { modulo: 'administration/parametters', titulo: 'Parámetros Generales', icono: 'ToolOutlined' },
      { modulo: 'administration/company', titulo: 'Empresa', icono: 'BankOutlined' },
      { modulo: 'administration/workers', titulo: 'Trabajadores', icono: 'IdcardOutlined' },
    ],
  },
  {
    clave: 'settings',
    titulo: 'Configuración',
    icono: 'SettingOutlined',
    rutas: [{ modulo: 'settings/catalogs', titulo: 'Partidas Arancelarias', icono: 'BookOutlined' }],
  },
  {
    clave: 'finances',
    titulo: 'Finanzas',
    icono: 'DollarOutlined',
    rutas: [
      { modulo: 'finances/tasks', titulo: 'Facturación Automática', icono: 'ScheduleOutlined' },
      { modulo: 'finances/trucks', titulo: 'Renovación Transportistas', icono: 'CarOutlined' },
      { modulo: 'finances/importador', titulo: 'Renovación Importador', icono: 'ShopOutlined' },
      { modulo: 'finances/invoices', titulo: 'Comprobantes Electrónicos', icono: 'FileDoneOutlined' },
      { modulo: 'finances/Payments', titulo: 'Pagos', icono: 'CreditCardOutlined' },
    ],
  },
  {
    clave: 'reports',
    titulo: 'Reportes',
    icono: 'BarChartOutlined',
    rutas: [
      { modulo: 'reports/MovementMerchandise', titulo: 'Reporte de Movimientos', icono: 'LineChartOutlined' },
      { modulo: 'reports/Finances', titulo: 'Reporte Financiero', icono: 'FundOutlined' },
    ],
  },
  {
    clave: 'documento',
    titulo: 'Documento Digital',
    icono: 'FilePdfOutlined',
    rutas: [{ modulo: 'documento/digital', titulo: 'Documento Digital', icono: 'FilePdfOutlined' }],
  },
];

/** Routes every signed-in user reaches without a menu node. */
export const RUTAS_LIBRES = ['dashboard', 'novedades', 'support'] as const;

export const TODAS_LAS_RUTAS: Ruta[] = [
  ...MENU.flatMap((g) => g.rutas),
  { modulo: 'novedades', titulo: 'Novedades', icono: 'NotificationOutlined' },
  { modulo: 'support', titulo: 'Soporte', icono: 'CustomerServiceOutlined' },
];

export type Accion = 'listar' | 'agregar' | 'editar' | 'eliminar';
export interface Permisos {
  permiteListar: boolean;
  permiteAgregar: boolean;
  permiteEditar: boolean;
  permiteEliminar: boolean;
}
const TODO: Permisos = { permiteListar: true, permiteAgregar: true, permiteEditar: true, permiteEliminar: true };
const LECTURA: Permisos = { permiteListar: true, permiteAgregar: false, permiteEditar: false, permiteEliminar: false };
const SIN_BORRAR: Permisos = { ...TODO, permiteEliminar: false };

const todos = () => Object.fromEntries(MENU.flatMap((g) => g.rutas).map((r) => [r.modulo, TODO]));

/**
 * Default permission set per role: the menu a new user of that role gets. Administrators can change each
 * user's tree later (spec 02 §3); the server always authorizes against the user's own tree.
 */
export const PERMISOS_POR_ROL: Record<number, Record<string, Permisos>> = {
  1: todos(),
  2: Object.fromEntries(
    Object.entries(todos()).filter(([m]) => !m.startsWith('finances/') && m !== 'reports/Finances'),
  ),
  3: {
    dashboard: LECTURA,
    'security/income': TODO,
    'security/exit': TODO,
    'operations/order/register': { ...LECTURA, permiteEditar: true },
    'operator/check': LECTURA,
  },
  4: {
    dashboard: LECTURA,
    'operations/order/register': TODO,
    'operations/manufacture': SIN_BORRAR,
    'operations/openingContainer': SIN_BORRAR,
    'balanza/firstScales': TODO,
    'balanza/secondScales': TODO,
    'operator/income': TODO,
    'operator/exit': TODO,
    'administration/trucks': SIN_BORRAR,
    'administration/products': LECTURA,
    'administration/company': LECTURA,
    'administration/workers': TODO,
    'reports/MovementMerchandise': LECTURA,
  },
  5: {
    dashboard: LECTURA,
    'operator/list': TODO,
    'operator/check': TODO,
    'reports/MovementMerchandise': LECTURA,
  },
  7: {
    dashboard: LECTURA,
    'operations/order/register': LECTURA,
    'security/income': LECTURA,
    'security/exit': LECTURA,
    'balanza/firstScales': LECTURA,
    'balanza/secondScales': LECTURA,
    'operator/list': LECTURA,
    'operator/check': LECTURA,
    'inventory/kardex': LECTURA,
    'reports/MovementMerchandise': LECTURA,
  },
  8: {
    dashboard: LECTURA,
    'operations/order/register': TODO,
    'operations/manufacture': TODO,
    'operations/Declarations': SIN_BORRAR,
    'operations/DeclarationsControl': LECTURA,
    'operations/DAM': LECTURA,
    'inventory/kardex': LECTURA,
    'inventory/finishedProducts': LECTURA,
    'inventory/otherProducts': LECTURA,
    // Its counts: it justifies the differences; opening, counting and deciding are the operator's.
    'inventory/controlInventory': { ...LECTURA, permiteEditar: true },
    // Its CIPs and production reports; approving is the operator's (checked by the service).
    'industry/cip': SIN_BORRAR,
    'administration/users': SIN_BORRAR,
    // Its own carriers (spec 02 §6: "others their own"); it registers them from the order form.
    'administration/trucks': LECTURA,
    'administration/products': TODO,
    'administration/company': SIN_BORRAR,
    'administration/workers': TODO,
    'reports/MovementMerchandise': LECTURA,
  },
  9: {
    dashboard: LECTURA,
    'finances/tasks': TODO,
    'finances/trucks': TODO,
    'finances/importador': TODO,
    'finances/invoices': TODO,
    'finances/Payments': TODO,
    'operations/manufacture': TODO,
    'administration/trucks': LECTURA,
    'administration/users': SIN_BORRAR,
    'reports/MovementMerchandise': LECTURA,
    'reports/Finances': LECTURA,
    'documento/digital': LECTURA,
  },
};

import { EditOutlined, PlusOutlined, StopOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { apiTrabajadores, DIAS_SEMANA, EMPRESA_OPERADOR, type FilaTrabajador, PARAMETRO } from '@cronos/contract';
import { App, Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { enLima } from '../../../shared/ui/formato';
import { permisoDe } from '../api';
import { clavesTrabajadores, useCambiarEstadoTrabajador } from '../api/trabajadores';
import { ImportarDialogo } from '../components/importar-dialogo';
import { SelectorEmpresa } from '../components/selector-empresa';
import { TrabajadorDialogo } from '../components/trabajador-dialogo';

const CABECERAS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];
type Fila = FilaTrabajador;

/**
 * Lista de Trabajadores (administration/workers): weekday columns, red rows for workers who left (end date
 * before today) and for disabled workers, which offer only Habilitar (spec 02 §1).
 */
export default function TrabajadoresPage() {
  const { usuario, permisos } = useSesion();
  const permiso = permisoDe(permisos, 'administration/workers');
  const cambiarEstado = useCambiarEstadoTrabajador();
  const { modal } = App.useApp();
  const todas = usuario?.codigoEmpresaUsuario === EMPRESA_OPERADOR && [1, 4, 9].includes(usuario.codigoRol);
  const [empresa, setEmpresa] = useState(todas ? -1 : (usuario?.codigoEmpresaUsuario ?? -1));
  const [editando, setEditando] = useState<number | null | undefined>(undefined);
  const [importando, setImportando] = useState(false);
  const hoy = enLima(new Date()).format('YYYY-MM-DD');
  const paises = useOpcionesParametro(PARAMETRO.nacionalidad).opciones;
  const empresaEscritura = empresa > 0 ? empresa : (usuario?.codigoEmpresaUsuario ?? EMPRESA_OPERADOR);

  const alternar = (f: Fila) => {
    const accion = f.estadoAnulado ? 'Habilitar' : 'Deshabilitar';
    modal.confirm({
      title: accion,
      content: `¿Desea ${accion.toLowerCase()} al trabajador ${f.colaborador}?`,
      okText: accion,
      cancelText: 'Cancelar',
      async onOk() {
        const r = await cambiarEstado.mutateAsync({
          codigoControlColaboradorEmpresa: f.codigoControlColaboradorEmpresa,
          estado: f.estadoAnulado ? 0 : 1,
        });
        notificar.exito(r.message);
      },
    });
  };

  const columnas: ColumnsType<Fila> = [
    { title: 'Documento', dataIndex: 'numeroDocumentoIdentidad', key: 'numeroDocumentoIdentidad', sorter: true },
    { title: 'Nombre', dataIndex: 'colaborador', key: 'colaborador', sorter: true },
    {
      title: 'Nacionalidad',
      dataIndex: 'nacionalidad',
      // The country's name from its lookup group (the list showed its code, 'CL'); the code if it has no name.
      render: (v: string | null) => paises.find((p) => p.value === v)?.label ?? v,
    },
    ...DIAS_SEMANA.map((d, i) => ({
      title: CABECERAS[i],
      dataIndex: d,
      align: 'center' as const,
      render: (v: number) => (v === 1 ? <Tag color="green">Sí</Tag> : <Tag>No</Tag>),
    })),
    ...(todas ? [{ title: 'Empresa', dataIndex: 'razonSocial' }] : []),
    {
      title: 'Acciones',
      key: 'acciones',
      render: (_v, f) =>
        permiso?.permiteEditar ? (
          <Space>
            {f.estadoAnulado ? null : (
              <Tooltip title="Editar">
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label="Editar"
                  onClick={() => setEditando(f.codigoControlColaboradorEmpresa)}
                />
              </Tooltip>
            )}
            <Tooltip title={f.estadoAnulado ? 'Habilitar' : 'Deshabilitar'}>
              <Button
                size="small"
                icon={f.estadoAnulado ? <UndoOutlined /> : <StopOutlined />}
                aria-label={f.estadoAnulado ? 'Habilitar' : 'Deshabilitar'}
                onClick={() => alternar(f)}
              />
            </Tooltip>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <TablaDatos<Fila>
        titulo="Lista de Trabajadores"
        ruta={apiTrabajadores.listar}
        claveConsulta={clavesTrabajadores.listas()}
        clave="codigoControlColaboradorEmpresa"
        columnas={columnas}
        columnasBusqueda={[
          // Spec 02: the workers are searched by their carrier's RUC; the other columns say what they take.
          { value: 'RUC', label: 'RUC', placeholder: 'Buscar RUC transportista' },
          { value: 'DOCUMENTO', label: 'Documento', placeholder: 'Buscar N° de documento' },
          { value: 'COLABORADOR', label: 'Nombre', placeholder: 'Buscar apellidos o nombre' },
        ]}
        minimoBusqueda={4}
        placeholderBusqueda="Buscar RUC transportista"
        extra={{ CodigoEmpresaUsuario: empresa }}
        claseFila={(f) => (f.estadoAnulado || (f.fechaCese && f.fechaCese < hoy) ? 'fila-anulada' : '')}
        acciones={
          <Space wrap>
            {todas ? <SelectorEmpresa valor={empresa} alCambiar={setEmpresa} conTodas /> : null}
            {permiso?.permiteAgregar && empresa > 0 ? (
              <>
                <Button icon={<UploadOutlined />} onClick={() => setImportando(true)}>
                  Examinar
                </Button>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando(null)}>
                  Agregar Trabajador
                </Button>
              </>
            ) : null}
          </Space>
        }
      />
      <TrabajadorDialogo
        abierto={editando !== undefined}
        codigo={editando ?? null}
        codigoEmpresaUsuario={empresaEscritura}
        alCerrar={() => setEditando(undefined)}
      />
      <ImportarDialogo
        abierto={importando}
        tipo="trabajadores"
        titulo="Carga masiva de trabajadores"
        codigoEmpresaUsuario={empresaEscritura}
        extensiones={['.xlsx', '.xls']}
        ayuda="Archivos .xlsx de hasta 1024KB; máximo 2000 trabajadores por archivo."
        alCerrar={() => setImportando(false)}
      />
    </>
  );
}

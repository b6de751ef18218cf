import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  StopOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { apiCatalogo, EMPRESA_OPERADOR, type FilaCatalogo, formatearPartida } from '@cronos/contract';
import { Button, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { confirmarAccion, confirmarEliminar } from '../../../shared/ui/dialogos';
import { fechaHora } from '../../../shared/ui/formato';
import { permisoDe } from '../api';
import { clavesCatalogo } from '../../../shared/catalogo/api';
import { useCambiarEstadoProducto, useEliminarProducto } from '../api/catalogo';
import { ImportarDialogo } from '../components/importar-dialogo';
import { ProductoDialogo } from '../components/producto-dialogo';
import { SelectorEmpresa } from '../components/selector-empresa';

type FilaProducto = FilaCatalogo;

/** Catálogo de Productos (administration/products, spec 02 §2, §6). */
export default function ProductosPage() {
  const { usuario, permisos } = useSesion();
  const cambiarEstado = useCambiarEstadoProducto();
  const eliminar = useEliminarProducto();
  const nivel = usuario?.nivelUsuario ?? 0;
  const permiso = permisoDe(permisos, 'administration/products');
  // Levels 1 and 4 use company 1 by default; the selector shows for levels 1, 2, 4 of the operator.
  const selector = usuario?.codigoEmpresaUsuario === EMPRESA_OPERADOR && [1, 2, 4].includes(nivel);
  const [empresa, setEmpresa] = useState(usuario?.codigoEmpresaUsuario ?? EMPRESA_OPERADOR);
  const [editando, setEditando] = useState<FilaProducto | null | undefined>(undefined);
  const [importando, setImportando] = useState(false);
  const puedeAgregar = !!permiso?.permiteAgregar && nivel !== 4 && nivel !== 5;

  const alternar = (f: FilaProducto) =>
    confirmarAccion({
      titulo: f.estadoAnulado ? 'Habilitar' : 'Deshabilitar',
      contenido: `¿Desea ${f.estadoAnulado ? 'habilitar' : 'deshabilitar'} el producto ${f.descripcion}?`,
      okText: f.estadoAnulado ? 'Habilitar' : 'Deshabilitar',
      async alConfirmar() {
        const r = await cambiarEstado.mutateAsync({
          codigoCatalogoUsuario: f.codigoCatalogoUsuario,
          estado: f.estadoAnulado ? 0 : 1,
        });
        notificar.exito(r.message);
      },
    });

  const columnas: ColumnsType<FilaProducto> = [
    {
      title: 'Código interno',
      dataIndex: 'codigoInterno',
      key: 'codigoInterno',
      sorter: true,
      render: (v: string | null) => v ?? '—',
    },
    { title: 'Descripción', dataIndex: 'descripcion', key: 'descripcion', sorter: true },
    { title: 'Partida', dataIndex: 'numeroPartida', key: 'numeroPartida', sorter: true, render: formatearPartida },
    { title: 'Unidad de medida', dataIndex: 'descripcionUnidadMedida', render: (v, f) => v ?? f.codigoUnidadMedida },
    {
      title: 'Fecha registro',
      dataIndex: 'fechaRegistro',
      key: 'fechaRegistro',
      sorter: true,
      render: (v: string) => fechaHora(v),
    },
    { title: 'Usuario', dataIndex: 'usuarioRegistro' },
    {
      title: 'Acciones',
      key: 'acciones',
      render: (_v, f) => (
        <Space>
          {!f.estadoAnulado && permiso?.permiteEditar ? (
            <Tooltip title="Editar">
              <Button size="small" icon={<EditOutlined />} aria-label="Editar" onClick={() => setEditando(f)} />
            </Tooltip>
          ) : null}
          {permiso?.permiteEditar ? (
            <Tooltip title={f.estadoAnulado ? 'Habilitar' : 'Deshabilitar'}>
              <Button
                size="small"
                icon={f.estadoAnulado ? <UndoOutlined /> : <StopOutlined />}
                aria-label={f.estadoAnulado ? 'Habilitar' : 'Deshabilitar'}
                onClick={() => alternar(f)}
              />
            </Tooltip>
          ) : null}
          {!f.estadoAnulado && permiso?.permiteEliminar ? (
            <Tooltip title="Eliminar">
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label="Eliminar"
                onClick={() =>
                  confirmarEliminar({
                    contenido: `¿Desea eliminar el producto ${f.descripcion}?`,
                    alConfirmar: async () =>
                      notificar.exito((await eliminar.mutateAsync(f.codigoCatalogoUsuario)).message),
                  })
                }
              />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <TablaDatos<FilaProducto>
        titulo="Catálogo de Productos"
        ruta={apiCatalogo.listar}
        claveConsulta={clavesCatalogo.listas()}
        clave="codigoCatalogoUsuario"
        columnas={columnas}
        columnasBusqueda={[
          { value: 'C.DESCRIPCION', label: 'Descripción' },
          { value: 'C.CODIGO_INTERNO', label: 'Código interno' },
          { value: 'C.NUMERO_PARTIDA', label: 'Partida' },
        ]}
        extra={{ CodigoEmpresaUsuario: empresa }}
        placeholderBusqueda="Buscar producto"
        acciones={
          <Space wrap>
            {selector ? <SelectorEmpresa valor={empresa} alCambiar={setEmpresa} /> : null}
            {puedeAgregar ? (
              <>
                <Button icon={<UploadOutlined />} onClick={() => setImportando(true)}>
                  Importar
                </Button>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando(null)}>
                  Agregar Producto
                </Button>
              </>
            ) : null}
          </Space>
        }
      />
      <ProductoDialogo
        abierto={editando !== undefined}
        producto={editando ?? null}
        codigoEmpresaUsuario={empresa}
        alCerrar={() => setEditando(undefined)}
      />
      <ImportarDialogo
        abierto={importando}
        tipo="catalogo"
        titulo="Importar productos"
        codigoEmpresaUsuario={empresa}
        extensiones={['.xlsx']}
        ayuda="Solo archivos .xlsx de hasta 1024KB y 2000 productos."
        alCerrar={() => setImportando(false)}
      />
    </>
  );
}

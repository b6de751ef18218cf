import {
  CheckCircleOutlined,
  EditOutlined,
  FileAddOutlined,
  FileExcelOutlined,
  LinkOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { EMPRESA_OPERADOR, type ItemMenu, MENSAJES, ROLES_MULTIEMPRESA, apiAduanas, fechaLima } from '@cronos/contract';
import { Button, DatePicker, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notificar } from '../../../shared/api/notificador';
import { ProgresoDescarga, useDescargaEnCurso } from '../../../shared/descarga/descarga-en-curso';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha, fechaApi, numero } from '../../../shared/ui/formato';
import { descargarExcel, type FilaDeclaracion } from '../api/aduanas';
import { DeclaracionDialogo } from '../components/declaracion-dialogo';
import { EtiquetaCanal, EtiquetaLevante } from '../components/etiqueta-levante';
import { DesdeDocumentoDialogo } from '../components/desde-documento-dialogo';
import { VincularDialogo } from '../components/vincular-dialogo';
import { LevanteManualDialogo } from '../components/levante-manual-dialogo';

const RUTA_MENU = '/app/operations/Declarations';
const permisoPantalla = (menu: ItemMenu[]): ItemMenu | undefined =>
  menu.flatMap((g) => [g, ...g.detalle]).find((n) => n.urlLink === RUTA_MENU);

/** operations/Declarations: the register of customs declarations (DOMAIN.md §12). */
export default function DeclaracionesPage() {
  const { usuario, permisos } = useSesion();
  const permiso = permisoPantalla(permisos);
  const [params, setParams] = useSearchParams();
  const [editando, setEditando] = useState<FilaDeclaracion | null | 'nueva'>(null);
  const [vinculando, setVinculando] = useState<FilaDeclaracion | null>(null);
  const [levante, setLevante] = useState<FilaDeclaracion | null>(null);
  const [desdeDocumento, setDesdeDocumento] = useState(false);
  const descarga = useDescargaEnCurso();
  const eligeEmpresa =
    !!usuario && usuario.codigoEmpresaUsuario === EMPRESA_OPERADOR && ROLES_MULTIEMPRESA.includes(usuario.codigoRol);
  const desde = params.get('desde') ?? undefined;
  const hasta = params.get('hasta') ?? undefined;
  const extra = { CodigoEmpresaUsuario: -1, DesdeFecha: desde, HastaFecha: hasta };
  const fijarRango = (r: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null) =>
    setParams(
      (a) => {
        const s = new URLSearchParams(a);
        s.delete('p');
        if (r?.[0] && r[1]) {
          s.set('desde', fechaApi(r[0]));
          s.set('hasta', fechaApi(r[1]));
        } else {
          s.delete('desde');
          s.delete('hasta');
        }
        return s;
      },
      { replace: true },
    );

  const columnas: ColumnsType<FilaDeclaracion> = [
    {
      title: 'N° declaración',
      dataIndex: 'numeroDeclaracion',
      width: 190,
      key: 'numeroDeclaracion',
      sorter: true,
    },
    // Channel and release first: what the list is read for, in sight without scrolling the 13 columns sideways.
    { title: 'Canal', dataIndex: 'canal', width: 90, render: (c: string | null) => <EtiquetaCanal canal={c} /> },
    {
      title: 'Levante',
      key: 'levante',
      width: 190,
      render: (_v, f) => <EtiquetaLevante {...f} />,
    },
    { title: 'Aduana', dataIndex: 'aduana', width: 130 },
    { title: 'Régimen', dataIndex: 'regimen', width: 200, render: (r: string | null, f) => r ?? f.codigoRegimen },
    { title: 'Numeración', dataIndex: 'fechaNumeracion', width: 110, render: (v: string | null) => fecha(v) },
    { title: 'Empresa usuaria', dataIndex: 'razonSocial', width: 220, ellipsis: true },
    {
      title: 'Importador',
      dataIndex: 'razonImportador',
      width: 220,
      ellipsis: true,
      render: (v: string | null, f) => v ?? f.rucImportador ?? '—',
    },
    { title: 'FOB', dataIndex: 'valorFob', align: 'right', render: (v: number) => numero(v) },
    { title: 'CIF', dataIndex: 'cif', align: 'right', render: (v: number) => numero(v) },
    { title: 'Peso neto (kg)', dataIndex: 'pesoNeto', align: 'right', render: (v: number) => numero(v, 3) },
    { title: 'Bultos', dataIndex: 'totalBultos', align: 'right' },
    {
      title: 'Órdenes',
      key: 'ordenes',
      render: (_v, f) =>
        f.ordenes.length ? (
          <Space size={2} wrap>
            {f.ordenes.map((o) => (
              <Tag key={o.codigoMovimiento} color={o.manual ? 'purple' : 'blue'}>
                {o.codigoIngreso}
              </Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: 'Acciones',
      key: 'acciones',
      render: (_v, f) => (
        <Space>
          {permiso?.permiteAgregar ? (
            <Tooltip title="Modificar">
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`Modificar ${f.numeroDeclaracion}`}
                onClick={() => setEditando(f)}
              />
            </Tooltip>
          ) : null}
          {permiso?.permiteEditar ? (
            <Tooltip title="Vincular orden">
              <Button
                size="small"
                icon={<LinkOutlined />}
                aria-label={`Vincular orden a ${f.numeroDeclaracion}`}
                onClick={() => setVinculando(f)}
              />
            </Tooltip>
          ) : null}
          {permiso?.permiteEditar && f.requiereLevante && f.estadoLevante !== 1 ? (
            <Tooltip title="Registrar levante manual">
              <Button
                size="small"
                icon={<CheckCircleOutlined />}
                aria-label={`Registrar levante de ${f.numeroDeclaracion}`}
                onClick={() => setLevante(f)}
              />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <TablaDatos<FilaDeclaracion>
        titulo="Declaraciones"
        ruta={apiAduanas.listar}
        clave="codigoDeclaracion"
        columnas={columnas}
        columnasBusqueda={[
          { value: 'D.NUMERO_DECLARACION', label: 'N° declaración' },
          { value: 'E.RAZON_SOCIAL', label: 'Empresa usuaria' },
          { value: 'D.REGIMEN', label: 'Régimen (código)' },
        ]}
        placeholderBusqueda="Buscar declaración"
        extra={extra}
        acciones={
          <Space wrap>
            <DatePicker.RangePicker
              format="DD/MM/YYYY"
              aria-label="Fecha de numeración"
              // The range lives in the URL: a reloaded or shared list filtered by it shows (and can clear) it.
              value={desde && hasta ? [dayjs(desde), dayjs(hasta)] : null}
              onChange={(r) => fijarRango(r as never)}
            />
            {permiso?.permiteAgregar ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
                Registrar declaración
              </Button>
            ) : null}
            {permiso?.permiteAgregar ? (
              <Button icon={<FileAddOutlined />} onClick={() => setDesdeDocumento(true)}>
                Desde documento de orden
              </Button>
            ) : null}
            <Button
              icon={<FileExcelOutlined />}
              loading={descarga.enCurso}
              onClick={() =>
                descarga
                  .iniciar((seguimiento) =>
                    descargarExcel(
                      {
                        CodigoEmpresaUsuario: -1,
                        Columna: params.get('c') ?? undefined,
                        Valor: params.get('v') ?? undefined,
                        DesdeFecha: desde,
                        HastaFecha: hasta,
                      },
                      `declaraciones-${fechaLima(new Date())}.xlsx`,
                      seguimiento,
                    ),
                  )
                  .catch(() => notificar.error(MENSAJES.operacionNoGenerada))
              }
            >
              Excel
            </Button>
            <ProgresoDescarga descarga={descarga} />
          </Space>
        }
      />
      <DeclaracionDialogo
        abierta={editando !== null}
        declaracion={editando === 'nueva' ? null : editando}
        eligeEmpresa={eligeEmpresa}
        alCerrar={() => setEditando(null)}
      />
      <VincularDialogo declaracion={vinculando} alCerrar={() => setVinculando(null)} />
      <LevanteManualDialogo declaracion={levante} alCerrar={() => setLevante(null)} />
      <DesdeDocumentoDialogo abierto={desdeDocumento} alCerrar={() => setDesdeDocumento(false)} />
    </>
  );
}

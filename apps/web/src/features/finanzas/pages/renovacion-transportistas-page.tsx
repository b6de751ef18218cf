import { apiTransportista, type FilaTransportista } from '@cronos/contract';
import { Button, Grid, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { notificar } from '../../../shared/api/notificador';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { confirmarAccion } from '../../../shared/ui/dialogos';
import { fecha } from '../../../shared/ui/formato';
import { celdaNombreConVencimiento, EN_PANTALLA } from '../components/renovacion-movil';
import { clavesFinanzas, useRenovarTransportista } from '../api';

/** finances/trucks: carriers' yearly registration — due dates, expired ones flagged, renew and bill the fee. */
export default function RenovacionTransportistasPage() {
  const renovar = useRenovarTransportista();
  const telefono = Grid.useBreakpoint().sm === false;
  const columnas: ColumnsType<FilaTransportista> = [
    { title: 'Empresa usuaria', dataIndex: 'empresaUsuario', responsive: EN_PANTALLA },
    { title: 'RUC', dataIndex: 'ruc', key: 'ruc', sorter: true, width: 130, responsive: EN_PANTALLA },
    {
      title: 'Transportista',
      dataIndex: 'razonSocial',
      key: 'razonSocial',
      sorter: true,
      render: celdaNombreConVencimiento(telefono),
    },
    {
      title: 'Inicio',
      dataIndex: 'fechaInicio',
      key: 'fechaInicio',
      sorter: true,
      width: 110,
      render: fecha,
      responsive: EN_PANTALLA,
    },
    {
      title: 'Vence',
      dataIndex: 'fechaCese',
      key: 'fechaCese',
      sorter: true,
      width: 110,
      render: fecha,
      responsive: EN_PANTALLA,
    },
    {
      title: 'Estado',
      dataIndex: 'estadoContrato',
      width: 110,
      responsive: EN_PANTALLA,
      render: (e: string) => <Tag color={e === 'VIGENTE' ? 'green' : 'red'}>{e}</Tag>,
    },
    {
      title: 'Acciones',
      key: 'acciones',
      width: telefono ? 150 : 170,
      render: (_v, f) => (
        <Button
          size="small"
          loading={renovar.isPending && renovar.variables === f.codigoTransportistaUsuario}
          onClick={() =>
            confirmarAccion({
              titulo: `Renovar el registro de ${f.razonSocial}`,
              contenido: 'Se renovará por un año desde hoy y se emitirá la factura de la tarifa de registro anual.',
              okText: 'Renovar y facturar',
              alConfirmar: async () => {
                const r = await renovar.mutateAsync(f.codigoTransportistaUsuario);
                notificar.exito(r.message, `Factura ${r.data.serie}-${String(r.data.numero).padStart(8, '0')}`);
              },
            })
          }
        >
          Renovar y facturar
        </Button>
      ),
    },
  ];
  return (
    <TablaDatos<FilaTransportista>
      titulo="Renovación Transportistas"
      ruta={apiTransportista.listar}
      claveConsulta={clavesFinanzas.transportistas()}
      clave="codigoTransportistaUsuario"
      columnas={columnas}
      columnasBusqueda={[
        { value: 'TV.RAZON_SOCIAL', label: 'Razón social' },
        { value: 'TV.RUC', label: 'RUC' },
      ]}
      placeholderBusqueda="Buscar transportista"
      claseFila={(f) => (f.estadoContrato === 'VENCIDO' ? 'fila-anulada' : '')}
      tableProps={telefono ? undefined : { scroll: { x: 1100 } }}
    />
  );
}

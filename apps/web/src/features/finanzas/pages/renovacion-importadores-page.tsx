import { apiFinanzas, type FilaRegistroImportador } from '@cronos/contract';
import { Button, Checkbox, Grid, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { confirmarAccion } from '../../../shared/ui/dialogos';
import { fecha } from '../../../shared/ui/formato';
import { celdaNombreConVencimiento, EN_PANTALLA } from '../components/renovacion-movil';
import { clavesFinanzas, numeroDe, useRenovarImportador } from '../api';

/** finances/importador: importers' yearly registration — due dates, expired ones flagged, renew and bill the fee. */
export default function RenovacionImportadoresPage() {
  const renovar = useRenovarImportador();
  const telefono = Grid.useBreakpoint().sm === false;
  const [soloVencidos, setSoloVencidos] = useState(false);
  const columnas: ColumnsType<FilaRegistroImportador> = [
    { title: 'Empresa usuaria', dataIndex: 'empresaUsuario', responsive: EN_PANTALLA },
    { title: 'RUC', dataIndex: 'ruc', width: 130, responsive: EN_PANTALLA },
    {
      title: 'Importador',
      dataIndex: 'razonSocial',
      render: celdaNombreConVencimiento(telefono),
    },
    { title: 'Inicio', dataIndex: 'fechaInicio', width: 110, render: fecha, responsive: EN_PANTALLA },
    { title: 'Vence', dataIndex: 'fechaCese', width: 110, render: fecha, responsive: EN_PANTALLA },
    {
      title: 'Estado',
      dataIndex: 'estadoRegistro',
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
          loading={renovar.isPending && renovar.variables === f.codigoImportador}
          onClick={() =>
            confirmarAccion({
              titulo: `Renovar el registro de ${f.razonSocial}`,
              contenido: 'Se renovará por un año desde hoy y se emitirá la factura de la tarifa de registro anual.',
              okText: 'Renovar y facturar',
              alConfirmar: async () => {
                const r = await renovar.mutateAsync(f.codigoImportador);
                notificar.exito(r.message, `Factura ${numeroDe(r.data.serie, r.data.numero)}`);
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
    <TablaDatos<FilaRegistroImportador>
      titulo="Renovación Importador"
      ruta={apiFinanzas.listarRegistroImportadores}
      claveConsulta={clavesFinanzas.importadores()}
      clave="codigoImportador"
      columnas={columnas}
      columnasBusqueda={[
        { value: 'razonSocial', label: 'Razón social' },
        { value: 'ruc', label: 'RUC' },
        { value: 'empresa', label: 'Empresa usuaria' },
      ]}
      placeholderBusqueda="Buscar importador"
      extra={{ SoloVencidos: soloVencidos ? 'true' : undefined }}
      acciones={
        <Checkbox checked={soloVencidos} onChange={(e) => setSoloVencidos(e.target.checked)}>
          Solo vencidos
        </Checkbox>
      }
      claseFila={(f) => (f.estadoRegistro === 'VENCIDO' ? 'fila-anulada' : '')}
      tableProps={telefono ? undefined : { scroll: { x: 1100 } }}
    />
  );
}

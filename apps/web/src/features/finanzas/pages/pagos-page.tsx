import { apiFinanzas, type Pago } from '@cronos/contract';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha, fechaHora, numero } from '../../../shared/ui/formato';
import { clavesFinanzas } from '../api';
import { PagoDialogo } from '../components/pago-dialogo';

type FilaPago = Pago & { numero: string; razonSocial: string; moneda: string };

const columnas: ColumnsType<FilaPago> = [
  { title: 'Comprobante', dataIndex: 'numero', width: 140 },
  { title: 'Razón social', dataIndex: 'razonSocial' },
  { title: 'Fecha de pago', dataIndex: 'fechaPago', width: 120, render: fecha },
  { title: 'Método', dataIndex: 'metodo', width: 130 },
  { title: 'Referencia', dataIndex: 'referencia', width: 140 },
  {
    title: 'Monto',
    dataIndex: 'monto',
    align: 'right',
    width: 120,
    render: (m: string, f) => `${f.moneda} ${numero(m)}`,
  },
  { title: 'Registrado por', dataIndex: 'usuarioRegistro', width: 130 },
  { title: 'Registro', dataIndex: 'fechaRegistro', width: 150, render: fechaHora },
];

/** finances/Payments: payments recorded (full or partial) and the form to record one. */
export default function PagosPage() {
  const [abierto, setAbierto] = useState(false);
  return (
    <>
      <TablaDatos<FilaPago>
        titulo="Pagos"
        ruta={apiFinanzas.listarPagos}
        claveConsulta={clavesFinanzas.pagos()}
        clave="codigoPago"
        columnas={columnas}
        columnasBusqueda={[
          { value: 'numero', label: 'Comprobante' },
          { value: 'razonSocial', label: 'Razón social' },
          { value: 'ruc', label: 'RUC' },
        ]}
        placeholderBusqueda="Buscar pago"
        tableProps={{ scroll: { x: 1200 } }}
        acciones={
          <Button type="primary" onClick={() => setAbierto(true)}>
            Registrar pago
          </Button>
        }
      />
      {abierto && <PagoDialogo abierto alCerrar={() => setAbierto(false)} />}
    </>
  );
}

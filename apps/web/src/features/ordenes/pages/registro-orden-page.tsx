import { Tabs, Typography } from 'antd';
import { useState } from 'react';
import { FormularioOrden } from '../components/formulario-orden';

/** 'Registro de Generar Ordenes': vehicle and pedestrian order forms as tabs (spec 01 §2). */
export default function RegistroOrdenPage() {
  const [clave, setClave] = useState(0);
  return (
    <div>
      <Typography.Title level={4}>Registro de Generar Ordenes</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'VH',
            label: 'Ingreso Vehicular',
            children: <FormularioOrden key={`VH${clave}`} tipoIngreso="VH" alGuardar={() => setClave((c) => c + 1)} />,
          },
          {
            key: 'PE',
            label: 'Ingreso Peatonal',
            children: <FormularioOrden key={`PE${clave}`} tipoIngreso="PE" alGuardar={() => setClave((c) => c + 1)} />,
          },
        ]}
      />
    </div>
  );
}

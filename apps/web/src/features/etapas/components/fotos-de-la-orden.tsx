import { PictureOutlined } from '@ant-design/icons';
import { MENSAJES_ETAPAS } from '@cronos/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Modal, Space } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useArchivosOrden } from '../api';

/**
 * 'Usar fotos de la orden': photos already uploaded to the order (its documents) become photos of the saved
 * verification through the JSON call (POST /Verificacion/AgregarVerificacionImagenes,
 * docs/adr/0038-verificacion-e-imagenes.md).
 */
export function FotosDeLaOrden(p: {
  codigoMovimiento: number;
  codigoTipoControl: 3 | 5;
  deshabilitado: boolean;
  /** The verification's mutation (it refreshes the verification's photos). */
  agregar: UseMutationResult<unknown, Error, number[]>;
}) {
  const [abierto, setAbierto] = useState(false);
  const [marcadas, setMarcadas] = useState<number[]>([]);
  const archivos = useArchivosOrden(p.codigoMovimiento, abierto);
  const fotos = (archivos.data ?? []).filter((a) => a.tipoContenido.startsWith('image/'));

  const agregar = async () => {
    if (!marcadas.length) return notificar.error(MENSAJES_ETAPAS.imagenRequerida);
    try {
      await p.agregar.mutateAsync(marcadas);
      notificar.exito(MENSAJES_ETAPAS.cargaExitosa, undefined, 3);
      setMarcadas([]);
      setAbierto(false);
    } catch (e) {
      notificar.error(e instanceof ErrorApi && e.status ? e.message : MENSAJES_ETAPAS.sinInternet);
    }
  };

  return (
    <>
      <Button icon={<PictureOutlined />} disabled={p.deshabilitado} onClick={() => setAbierto(true)}>
        Usar fotos de la orden
      </Button>
      <Modal
        open={abierto}
        title="Fotos de la orden"
        okText="Agregar a la verificación"
        okButtonProps={{ disabled: !marcadas.length, loading: p.agregar.isPending }}
        onOk={agregar}
        onCancel={() => setAbierto(false)}
        destroyOnHidden
      >
        {fotos.length ? (
          <Checkbox.Group value={marcadas} onChange={(v) => setMarcadas(v as number[])}>
            <Space direction="vertical">
              {fotos.map((a) => (
                <Checkbox key={a.codigoMovimientoArchivo} value={a.codigoMovimientoArchivo}>
                  {a.nombreArchivo}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        ) : (
          <Empty description={archivos.isFetching ? 'Cargando…' : 'La orden no tiene fotos cargadas'} />
        )}
      </Modal>
    </>
  );
}

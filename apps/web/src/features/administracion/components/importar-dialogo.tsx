import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { LIMITE_IMPORTACION_BYTES, MENSAJES_CATALOGO } from '@cronos/contract';
import { Alert, Button, List, Modal, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { descargarPlantilla, useImportarHoja } from '../api/catalogo';

interface Props {
  abierto: boolean;
  tipo: 'catalogo' | 'trabajadores';
  titulo: string;
  codigoEmpresaUsuario: number;
  /** Accepted extensions shown to the user (the server checks the content). */
  extensiones: string[];
  ayuda: string;
  alCerrar: (importado: boolean) => void;
}

/**
 * Bulk upload of a spreadsheet (RegistrarCatalogoMasivo): template link, type and size checks before sending
 * (the server checks again by content), upload progress, then the server's processing; a refused file lists
 * its errors by row and column and imports nothing.
 */
export function ImportarDialogo(p: Props) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [progreso, setProgreso] = useState<number | null>(null);
  const [procesando, setProcesando] = useState(false);
  const [errores, setErrores] = useState<{ mensaje: string; lista: string[] } | null>(null);
  const importar = useImportarHoja(p.tipo);

  const reiniciar = () => {
    setArchivo(null);
    setProgreso(null);
    setProcesando(false);
    setErrores(null);
  };
  const cerrar = (importado: boolean) => {
    reiniciar();
    p.alCerrar(importado);
  };

  const elegir = (f: File) => {
    setErrores(null);
    const nombre = f.name.toLowerCase();
    if (!p.extensiones.some((x) => nombre.endsWith(x))) {
      notificar.error(MENSAJES_CATALOGO.formatoIncorrecto);
      return false;
    }
    if (f.size > LIMITE_IMPORTACION_BYTES) {
      notificar.error(MENSAJES_CATALOGO.excede1024);
      return false;
    }
    setArchivo(f);
    return false;
  };

  const enviar = async () => {
    if (!archivo) return;
    const datos = new FormData();
    datos.append('CodigoEmpresaUsuario', String(p.codigoEmpresaUsuario));
    datos.append('TipoCarga', p.tipo);
    datos.append('archivo', archivo);
    setProgreso(0);
    try {
      const r = await importar.mutateAsync({
        datos,
        alProgreso: (n) => {
          setProgreso(n);
          if (n >= 100) setProcesando(true);
        },
      });
      notificar.exito(r.message);
      cerrar(true);
    } catch (e) {
      const err = e as { message: string; errors?: Record<string, string[]> };
      setProgreso(null);
      setProcesando(false);
      const lista = Object.entries(err.errors ?? {}).map(([k, v]) => `${k}: ${v.join(' ')}`);
      setErrores({ mensaje: err.message, lista });
      notificar.error(err.message);
    }
  };

  return (
    <Modal
      title={p.titulo}
      open={p.abierto}
      onCancel={() => cerrar(false)}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={() => cerrar(false)}>
          Cancelar
        </Button>,
        <Button
          key="i"
          type="primary"
          disabled={!archivo || progreso !== null}
          loading={progreso !== null}
          onClick={enviar}
        >
          Importar
        </Button>,
      ]}
    >
      <Button
        type="link"
        icon={<DownloadOutlined />}
        onClick={() => void descargarPlantilla(p.tipo).catch(() => undefined)}
      >
        Descargar plantilla
      </Button>
      <Upload.Dragger
        accept={p.extensiones.join(',')}
        maxCount={1}
        beforeUpload={elegir}
        fileList={archivo ? [{ uid: '1', name: archivo.name, status: 'done' }] : []}
        onRemove={() => reiniciar()}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Haga clic o arrastre el archivo aquí</p>
        <p className="ant-upload-hint">{p.ayuda}</p>
      </Upload.Dragger>
      {progreso !== null ? (
        <div style={{ marginTop: 12 }} data-testid="progreso-importacion">
          <Progress percent={progreso} status="active" />
          {procesando ? (
            <Typography.Text type="secondary">Procesando el archivo en el servidor…</Typography.Text>
          ) : null}
        </div>
      ) : null}
      {errores ? (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          message={errores.mensaje}
          description={
            errores.lista.length ? (
              <List
                size="small"
                style={{ maxHeight: 220, overflow: 'auto' }}
                dataSource={errores.lista}
                renderItem={(x) => <List.Item>{x}</List.Item>}
              />
            ) : null
          }
        />
      ) : null}
    </Modal>
  );
}

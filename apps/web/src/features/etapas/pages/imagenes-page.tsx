import { apiVerificacion, MENSAJES_ETAPAS, ROLES_PANEL_IMAGENES } from '@cronos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Modal, Space, Upload } from 'antd';
import type { RcFile, UploadFile } from 'antd/es/upload/interface';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorApi } from '../../../shared/api/cliente';
import { llamarRuta } from '../../../shared/api/ruta';
import { notificar } from '../../../shared/api/notificador';
import { EscanerQr } from '../../../shared/escaner/escaner-qr';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { clavesEtapas, type Imagen, useImagenesVerificacion } from '../api';
import {
  GaleriaVerificacion,
  type ImagenesVerificacion,
  subirImagenesVerificacion,
} from '../../../shared/ui/imagenes-verificacion';
import { AvisoCompresion, ajustarAlLimite, CargaFotos, useFotosComprimidas } from '../components/carga-fotos';
import { PantallaGarita, useGaritaMovil } from '../components/garita';

const MAX = 10 * 1024 * 1024;

/** Verified operations: entry and exit photos by order code or ticket (spec 03 §2.5, §3.8, §5.4). */
export default function ImagenesPage() {
  const [params] = useSearchParams();
  const cliente = useQueryClient();
  const [texto, setTexto] = useState(params.get('codigo') ?? '');
  const [consulta, setConsulta] = useState<{ CodigoIngreso?: string; NumeroTicket?: string } | null>(null);
  // The photos are the server's: read from the query cache under the search.
  const datos = useImagenesVerificacion(consulta).data;
  const r: ImagenesVerificacion | null = consulta && datos && datos.codigoMovimiento !== 0 ? datos : null;
  const [dialogo, setDialogo] = useState<3 | 5 | null>(null);
  const [archivos, setArchivos] = useState<UploadFile[]>([]);
  const [comprimidas, setComprimidas] = useFotosComprimidas();
  const movil = useGaritaMovil();
  const { permisos, usuario } = useSesion();
  // 'Agregar imagen' only for whom the server lets add them (its same rule): the verification screen's 'agregar'
  // permission, or the order screen's with a role of the documents panel that adds images (spec 01 §6).
  const agrega = (url: string) =>
    permisos.flatMap((g) => [g, ...g.detalle]).some((n) => n.urlLink === url && n.permiteAgregar);
  const puedeAgregar = (tipo: 3 | 5) =>
    agrega(tipo === 5 ? '/app/operator/exit' : '/app/operator/income') ||
    (agrega('/app/operations/order/register') && ROLES_PANEL_IMAGENES.includes(usuario?.codigoRol ?? 0));

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code in the link triggers the first search
  useEffect(() => {
    if (params.get('codigo')) void buscar();
  }, []);

  async function buscar(valor: string = texto) {
    const t = valor.trim().toUpperCase();
    if (!t) return notificar.error(MENSAJES_ETAPAS.codigoODocumentoRequerido);
    const c = /^OP/.test(t) ? { CodigoIngreso: t } : { NumeroTicket: t };
    try {
      const res = await cliente.fetchQuery({
        queryKey: clavesEtapas.imagenes(c),
        staleTime: 0,
        queryFn: async () => (await llamarRuta(apiVerificacion.imagenes, { query: c, manejar: [404] })).data,
      });
      setConsulta(c);
      if (res.codigoMovimiento === 0) notificar.aviso(MENSAJES_ETAPAS.procedimientosAnteriores);
    } catch (e) {
      if (e instanceof ErrorApi && e.status === 404) notificar.aviso(MENSAJES_ETAPAS.sinDatos);
      setConsulta(null);
    }
  }

  const subir = async () => {
    if (!r || !dialogo) return;
    if (await subirImagenesVerificacion(r, dialogo, archivos)) {
      setDialogo(null);
      setArchivos([]);
      setComprimidas([]);
      await cliente.invalidateQueries({ queryKey: clavesEtapas.imagenes(consulta) });
    }
  };

  const galeria = (titulo: string, imagenes: Imagen[], tipo: 3 | 5, habilitado: boolean) => (
    <GaleriaVerificacion
      titulo={titulo}
      imagenes={imagenes}
      lado={movil ? 96 : 148}
      habilitado={habilitado}
      alAgregar={puedeAgregar(tipo) ? () => setDialogo(tipo) : undefined}
    />
  );

  // The ticket's QR holds the order code: reading it searches that order's photos.
  const leerTicket = (codigo: string) => {
    setTexto(codigo);
    void buscar(codigo);
  };

  return (
    <PantallaGarita>
      <Card
        size="small"
        title="Operaciones verificadas"
        extra={movil ? null : <EscanerQr alLeer={leerTicket} tamanio="middle" />}
      >
        {movil ? (
          <div style={{ marginBottom: 8 }}>
            <EscanerQr alLeer={leerTicket} bloque />
          </div>
        ) : null}
        <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
          <Input
            aria-label="Código de orden o N° de ticket"
            placeholder="Código de orden o N° de ticket"
            maxLength={9}
            value={texto}
            onChange={(e) => setTexto(e.target.value.toUpperCase())}
            onPressEnter={() => void buscar()}
          />
          <Button type="primary" onClick={() => void buscar()}>
            Buscar
          </Button>
        </Space.Compact>
        {r ? (
          // Searched by ticket, the photos would otherwise not say whose they are.
          <div style={{ marginTop: 8 }} data-testid="orden-imagenes">
            Orden <strong>{r.codigoIngreso}</strong>
          </div>
        ) : null}
      </Card>
      {r ? (
        <>
          {galeria(
            'Imágenes de verificación de ingreso',
            r.imagenesEntrada,
            3,
            r.codigoVerificacionTipoControlEntrada > 0,
          )}
          {galeria(
            'Imágenes de verificación de salida',
            r.imagenesSalida,
            5,
            r.codigoVerificacionTipoControlSalida > 0,
          )}
        </>
      ) : null}
      <Modal
        open={dialogo !== null}
        title="Carga de imágenes de verificación"
        okText="Cargar"
        onOk={subir}
        onCancel={() => {
          setDialogo(null);
          setComprimidas([]);
        }}
        okButtonProps={{ disabled: !archivos.length }}
        destroyOnHidden
      >
        <CargaFotos
          multiple
          acceptEscritorio=".jpg,.jpeg,.tif,.png"
          textoEscritorio="Seleccionar imágenes (menores a 10MB)"
          fileList={archivos}
          beforeUpload={(f) => {
            if (f.size <= MAX) return false;
            // Over the limit: compressed on the device, then listed as the file to upload.
            void ajustarAlLimite(f, MAX, MENSAJES_ETAPAS.archivoExcede(10), (c) =>
              setComprimidas((l) => [...l, c]),
            ).then((a) => {
              if (!a) return;
              const archivo = Object.assign(a, { uid: f.uid }) as RcFile;
              setArchivos((l) => [
                ...l,
                { uid: f.uid, name: a.name, size: a.size, type: a.type, status: 'done', originFileObj: archivo },
              ]);
            });
            return Upload.LIST_IGNORE;
          }}
          onChange={(i) => setArchivos(i.fileList)}
        />
        <AvisoCompresion fotos={comprimidas} />
      </Modal>
    </PantallaGarita>
  );
}

import {
  apiAjustes,
  apiFinanzas,
  apiTransportista,
  type EmitirComprobante,
  type EmitirNotaCredito,
  type GuardarParametrosFinanzas,
  type GuardarTarifa,
  type AnularPago,
  type RegistrarPago,
} from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorApi } from '../../../shared/api/cliente';
import { llamarRuta } from '../../../shared/api/ruta';
import { claveLista } from '../../../shared/tabla/use-lista-paginada';
import { descargarComo } from '../../../shared/api/descarga';

/** Query keys of finance: one factory, so every invalidation names what it refreshes. */
export const clavesFinanzas = {
  todo: ['finanzas'] as const,
  comprobantes: () => claveLista(apiFinanzas.listarComprobantes),
  pagos: () => claveLista(apiFinanzas.listarPagos),
  corridas: () => claveLista(apiFinanzas.listarCorridas),
  deuda: () => claveLista(apiFinanzas.listarDeuda),
  tarifas: () => claveLista(apiFinanzas.listarTarifas),
  transportistas: () => [...claveLista(apiTransportista.listar), 'finanzas'] as const,
  importadores: () => claveLista(apiFinanzas.listarRegistroImportadores),
  /**
   * Named by the contract route, not under `todo`: Configuración general edits the same days and invalidates
   * this key by the same route (see `clavePlazosAjustes` for the other way).
   */
  parametros: () => ['ruta', apiFinanzas.parametros.ruta] as const,
  tarifasActivas: () => [...clavesFinanzas.todo, 'tarifas-activas'] as const,
  historial: (codigoServicio: number | null) => [...clavesFinanzas.todo, 'historial', codigoServicio] as const,
  detalles: () => [...clavesFinanzas.todo, 'comprobante'] as const,
  detalle: (codigo: number | null) => [...clavesFinanzas.detalles(), codigo] as const,
  previa: (periodo: string | null) => [...clavesFinanzas.todo, 'previa', periodo] as const,
  pendientes: (texto: string) => [...clavesFinanzas.todo, 'pendientes', texto] as const,
};
/** The settings hub's query of the same credit/block days (its feature keys it by this contract route). */
const clavePlazosAjustes = ['ruta', apiAjustes.plazos.ruta] as const;

export function useComprobante(codigo: number | null) {
  return useQuery({
    queryKey: clavesFinanzas.detalle(codigo),
    enabled: codigo !== null,
    queryFn: async () =>
      (await llamarRuta(apiFinanzas.consultarComprobante, { query: { CodigoComprobante: codigo ?? 0 } })).data,
  });
}

/**
 * Vouchers with a balance, for the payment and credit-note pickers (searched by number): the server keeps only
 * those still owed (`ConSaldo`), so an old one with a balance is among the first 50 whatever was issued after it.
 */
export function useComprobantesPendientes(texto: string) {
  return useQuery({
    queryKey: clavesFinanzas.pendientes(texto),
    queryFn: async () =>
      (
        await llamarRuta(apiFinanzas.listarComprobantes, {
          query: {
            PageNumber: 1,
            limit: 50,
            ConSaldo: 'true',
            ...(texto ? { Columna: 'numero', Valor: texto } : {}),
          },
        })
      ).data,
  });
}

/**
 * The picker's vouchers: those with a balance, plus the one the dialog was opened for (loaded by itself), so it
 * always shows its number and balance even when the first 50 with a balance do not include it.
 */
export function useComprobantesParaElegir(texto: string, codigoInicial?: number) {
  const pendientes = useComprobantesPendientes(texto);
  const inicial = useComprobante(codigoInicial ?? null);
  const filas = pendientes.data ?? [];
  const c = inicial.data;
  return {
    filas: c && !filas.some((f) => f.codigoComprobante === c.codigoComprobante) ? [c, ...filas] : filas,
    cargando: pendientes.isFetching || inicial.isFetching,
  };
}

/** The preview of a run: of every company (-1) or of one. */
export function usePrevia(periodo: string | null, empresa = -1) {
  return useQuery({
    queryKey: [...clavesFinanzas.previa(periodo), empresa],
    enabled: periodo !== null,
    queryFn: async () =>
      (
        await llamarRuta(apiFinanzas.previsualizarCorrida, {
          query: { Periodo: periodo ?? '', CodigoEmpresaUsuario: empresa },
        })
      ).data,
  });
}

/** Anything that changes money refreshes every finance list and open voucher. */
function useRefrescarTodo() {
  const cliente = useQueryClient();
  return () => {
    void cliente.invalidateQueries({ queryKey: clavesFinanzas.todo });
    for (const k of [
      clavesFinanzas.comprobantes(),
      clavesFinanzas.pagos(),
      clavesFinanzas.corridas(),
      clavesFinanzas.deuda(),
    ])
      void cliente.invalidateQueries({ queryKey: k });
  };
}

export function useEmitirCorrida() {
  const refrescar = useRefrescarTodo();
  return useMutation({
    mutationFn: (v: { periodo: string; empresa: number }) =>
      llamarRuta(apiFinanzas.emitirCorrida, {
        body: { data: { periodo: v.periodo, codigoEmpresaUsuario: v.empresa > 0 ? v.empresa : null } },
      }),
    onSuccess: refrescar,
  });
}

export function useAnularPago() {
  const refrescar = useRefrescarTodo();
  return useMutation({
    mutationFn: (data: AnularPago) => llamarRuta(apiFinanzas.anularPago, { body: { data } }),
    onSuccess: refrescar,
  });
}

export function useRegistrarPago() {
  const refrescar = useRefrescarTodo();
  return useMutation({
    mutationFn: (data: RegistrarPago) => llamarRuta(apiFinanzas.registrarPago, { body: { data } }),
    onSuccess: refrescar,
  });
}

export function useEmitirComprobante() {
  const refrescar = useRefrescarTodo();
  return useMutation({
    mutationFn: (data: EmitirComprobante) => llamarRuta(apiFinanzas.emitir, { body: { data } }),
    onSuccess: refrescar,
  });
}

const numeroDe = (serie: string, numero: number) => `${serie}-${String(numero).padStart(8, '0')}`;

export const descargarPdf = (codigo: number, serie: string, numero: number) =>
  descargarComo(
    () => llamarRuta(apiFinanzas.descargarPdf, { query: { CodigoComprobante: codigo } }),
    `${numeroDe(serie, numero)}.pdf`,
  );
export const descargarXml = (codigo: number, serie: string, numero: number) =>
  descargarComo(
    () => llamarRuta(apiFinanzas.descargarXml, { query: { CodigoComprobante: codigo } }),
    `${numeroDe(serie, numero)}.xml`,
  );
export const descargarCdr = (codigo: number, serie: string, numero: number) =>
  descargarComo(
    () => llamarRuta(apiFinanzas.descargarCdr, { query: { CodigoComprobante: codigo } }),
    `R-${numeroDe(serie, numero)}.xml`,
  );
export const descargarExcelDeuda = (soloVencidos: boolean) =>
  descargarComo(
    () => llamarRuta(apiFinanzas.exportarDeuda, { query: { SoloVencidos: soloVencidos ? 'true' : 'false' } }),
    'ReporteDeuda.xlsx',
  );
export { numeroDe };

export function useRenovarTransportista() {
  const refrescar = useRefrescarTodo();
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (codigoTransportistaUsuario: number) =>
      llamarRuta(apiFinanzas.renovarTransportista, { body: { data: { codigoTransportistaUsuario } } }),
    onSuccess: () => {
      refrescar();
      void cliente.invalidateQueries({ queryKey: clavesFinanzas.transportistas() });
    },
  });
}

export function useRenovarImportador() {
  const refrescar = useRefrescarTodo();
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (codigoImportador: number) =>
      llamarRuta(apiFinanzas.renovarImportador, { body: { data: { codigoImportador } } }),
    onSuccess: () => {
      refrescar();
      void cliente.invalidateQueries({ queryKey: clavesFinanzas.importadores() });
    },
  });
}

export function useParametrosFinanzas() {
  return useQuery({
    queryKey: clavesFinanzas.parametros(),
    queryFn: async () => (await llamarRuta(apiFinanzas.parametros)).data,
  });
}

/**
 * Saves the finance parameters with the version read. Saved or refused because someone saved them meanwhile
 * (409, whose message the form shows), both screens that show these days read them again.
 */
export function useGuardarParametros() {
  const refrescar = useRefrescarTodo();
  const cliente = useQueryClient();
  const releer = () => {
    void cliente.invalidateQueries({ queryKey: clavesFinanzas.parametros() });
    void cliente.invalidateQueries({ queryKey: clavePlazosAjustes });
  };
  return useMutation({
    mutationFn: (data: GuardarParametrosFinanzas) =>
      llamarRuta(apiFinanzas.guardarParametros, { body: { data }, manejar: [409, 422] }),
    onSuccess: () => {
      refrescar();
      releer();
    },
    onError: (e) => {
      if (e instanceof ErrorApi && e.status === 409) releer();
    },
  });
}

/** The services with a price today, for the manual voucher's lines. */
export function useTarifasActivas() {
  return useQuery({
    queryKey: clavesFinanzas.tarifasActivas(),
    queryFn: async () =>
      (await llamarRuta(apiFinanzas.listarTarifas, { query: { PageNumber: 1, limit: 100 } })).data.filter(
        (t) => !t.estadoAnulado && t.precio !== null,
      ),
  });
}

export function useHistorialPrecios(codigoServicio: number | null) {
  return useQuery({
    queryKey: clavesFinanzas.historial(codigoServicio),
    enabled: codigoServicio !== null,
    queryFn: async () =>
      (await llamarRuta(apiFinanzas.historialPrecios, { query: { CodigoServicio: codigoServicio ?? 0 } })).data,
  });
}

/**
 * Saves a tariff with the version read. Refused because someone saved it meanwhile (409, whose message the
 * dialog shows), the tariff list, the active tariffs and its price history are read again.
 */
export function useGuardarTarifa() {
  const refrescar = useRefrescarTodo();
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: GuardarTarifa) => llamarRuta(apiFinanzas.guardarTarifa, { body: { data }, manejar: [409, 422] }),
    onSuccess: () => {
      refrescar();
      void cliente.invalidateQueries({ queryKey: clavesFinanzas.tarifas() });
    },
    onError: (e) => {
      if (!(e instanceof ErrorApi && e.status === 409)) return;
      void cliente.invalidateQueries({ queryKey: clavesFinanzas.tarifas() });
      void cliente.invalidateQueries({ queryKey: clavesFinanzas.tarifasActivas() });
      void cliente.invalidateQueries({ queryKey: [...clavesFinanzas.todo, 'historial'] });
    },
  });
}

/** A tariff as saved now (its code may have been changed by whoever saved it), or null when it is gone. */
export async function releerTarifa(codigoServicio: number) {
  for (let PageNumber = 1; PageNumber <= 50; PageNumber += 1) {
    const { data } = await llamarRuta(apiFinanzas.listarTarifas, { query: { PageNumber, limit: 100 } });
    const t = data.find((f) => f.codigoServicio === codigoServicio);
    if (t || data.length < 100) return t ?? null;
  }
  return null;
}

export function useEmitirNotaCredito() {
  const refrescar = useRefrescarTodo();
  return useMutation({
    mutationFn: (data: EmitirNotaCredito) => llamarRuta(apiFinanzas.emitirNotaCredito, { body: { data } }),
    onSuccess: refrescar,
  });
}

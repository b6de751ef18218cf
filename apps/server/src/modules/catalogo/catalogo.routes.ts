import { apiCatalogo, MENSAJES_CATALOGO, TIPOS_CARGA_MASIVA } from '@cronos/contract';
import { z } from 'zod';
import { rutaApi } from '../../platform/contrato';
import { solicitudInvalida } from '../../platform/errores';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { importarTrabajadores, plantillaTrabajadores } from '../trabajador/trabajador.importacion';
import { importarCatalogo, plantillaCatalogo } from './catalogo.importacion';
import * as servicio from './catalogo.service';
import { MODULOS_CATALOGO, MODULOS_LECTURA_CATALOGO } from './catalogo.service';
import { leerHojaSubida } from './subida-hoja';
import { enviarDescarga, TIPO_XLSX } from '../../platform/descarga';

const tags = ['Catálogo'];

/** CatalogoUsuario/*: the product catalogue of each company (spec 01 §7 Catalogue, spec 02 §7 Catalogue). */
const catalogo: Modulo = async (app) => {
  rutaApi(
    app,
    apiCatalogo.listar,
    { acceso: { modulo: 'administration/products', accion: 'listar' }, tags },
    async (req) => {
      const { filas, meta } = await servicio.listar(req.ctx(), req.query);
      return okPaginado(filas, meta);
    },
  );

  rutaApi(
    app,
    apiCatalogo.consultarDatos,
    { acceso: { modulo: MODULOS_LECTURA_CATALOGO, accion: 'listar' }, tags },
    async (req) => ok(await servicio.consultarDatos(req.ctx(), req.query)),
  );

  rutaApi(
    app,
    apiCatalogo.consultarPorDescripcion,
    { acceso: { modulo: MODULOS_LECTURA_CATALOGO, accion: 'listar' }, tags },
    async (req) => ok(await servicio.consultarPorDescripcion(req.ctx(), req.query)),
  );

  rutaApi(app, apiCatalogo.guardar, { acceso: { modulo: MODULOS_CATALOGO, accion: 'listar' }, tags }, async (req) => {
    const { producto, mensaje } = await servicio.guardar(req.ctx(), req.body.data);
    return ok(producto, mensaje);
  });

  rutaApi(
    app,
    apiCatalogo.registrarEquivalencia,
    { acceso: { modulo: MODULOS_CATALOGO, accion: 'editar' }, tags },
    async (req) =>
      ok(await servicio.registrarEquivalencia(req.ctx(), req.body.data), MENSAJES_CATALOGO.equivalenciaRegistrada),
  );

  rutaApi(
    app,
    apiCatalogo.equivalencias,
    { acceso: { modulo: MODULOS_LECTURA_CATALOGO, accion: 'listar' }, tags },
    async (req) => ok(await servicio.listarEquivalencias(req.ctx(), req.query.CodigoCatalogoUsuario)),
  );

  rutaApi(
    app,
    apiCatalogo.eliminarEquivalencia,
    { acceso: { modulo: MODULOS_CATALOGO, accion: 'editar' }, tags },
    async (req) => {
      await servicio.eliminarEquivalencia(req.ctx(), req.body.data.codigoEquivalenciaCatalogo);
      return ok(true, MENSAJES_CATALOGO.equivalenciaEliminada);
    },
  );

  rutaApi(
    app,
    apiCatalogo.cambiarEstado,
    { acceso: { modulo: 'administration/products', accion: 'editar' }, tags },
    async (req) => {
      await servicio.cambiarEstado(req.ctx(), req.body.codigoCatalogoUsuario, req.body.estado);
      return ok(true, MENSAJES_CATALOGO.estadoCambiado);
    },
  );

  rutaApi(
    app,
    apiCatalogo.eliminar,
    { acceso: { modulo: 'administration/products', accion: 'eliminar' }, tags },
    async (req) => {
      await servicio.eliminar(req.ctx(), req.body.codigoCatalogoUsuario);
      return ok(true, MENSAJES_CATALOGO.productoEliminado);
    },
  );

  rutaApi(
    app,
    apiCatalogo.importar,
    { acceso: { modulo: ['administration/products', 'administration/workers'], accion: 'agregar' }, tags },
    async (req) => {
      const ctx = req.ctx();
      const { campos, archivo } = await leerHojaSubida(req);
      const tipo = z
        .enum(TIPOS_CARGA_MASIVA)
        .catch('catalogo')
        .parse(campos.TipoCarga ?? 'catalogo');
      const empresa = campos.CodigoEmpresaUsuario ? Number(campos.CodigoEmpresaUsuario) : undefined;
      if (empresa !== undefined && !Number.isInteger(empresa)) throw solicitudInvalida('Empresa inválida');
      const r =
        tipo === 'trabajadores'
          ? await importarTrabajadores(ctx, empresa, archivo)
          : await importarCatalogo(ctx, empresa, archivo);
      return ok({ registros: r.registros }, r.mensaje);
    },
  );

  rutaApi(
    app,
    apiCatalogo.plantilla,
    { acceso: { modulo: ['administration/products', 'administration/workers'], accion: 'listar' }, tags },
    async (req, reply) => {
      const ctx = req.ctx();
      const trabajadores = req.query.Tipo === 'trabajadores';
      const libro = trabajadores ? await plantillaTrabajadores(ctx) : await plantillaCatalogo(ctx);
      const nombre = trabajadores ? 'plantilla-trabajadores.xlsx' : 'plantilla-catalogo.xlsx';
      return enviarDescarga(reply, { tipo: TIPO_XLSX, nombre }, libro);
    },
  );
};
export default catalogo;

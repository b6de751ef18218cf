import {
  cambioEstadoCatalogo,
  consultaPaginada,
  eliminarCatalogo,
  eliminarEquivalencia,
  entero,
  equivalenciaCatalogo,
  MENSAJES_CATALOGO,
  productoCatalogo,
  requerido,
  TIPOS_CARGA_MASIVA,
} from '@cronos/contract';
import { z } from 'zod';
import { solicitudInvalida } from '../../platform/errores';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { importarTrabajadores, plantillaTrabajadores } from '../trabajador/trabajador.importacion';
import { importarCatalogo, plantillaCatalogo } from './catalogo.importacion';
import * as servicio from './catalogo.service';
import { MODULOS_CATALOGO, MODULOS_LECTURA_CATALOGO } from './catalogo.service';
import { leerHojaSubida } from './subida-hoja';

const tags = ['Catálogo'];
/** Bodies of delete-like calls arrive either flat or as { data: {...} } (the generic helpers of spec 01 §7). */
const plano = <T extends z.ZodType>(s: T) =>
  z.preprocess((b) => (b && typeof b === 'object' && 'data' in b && typeof b.data === 'object' ? b.data : b), s);

const consultaProductos = z.object({
  CodigoEmpresaUsuario: entero().optional(),
  CodigoCatalogoUsuario: entero().min(0).optional(),
  Descripcion: z.string().trim().max(100).optional(),
  CodigoEmpresaAlmacen: entero().min(0).optional(),
});

/** CatalogoUsuario/*: the product catalogue of each company (spec 01 §7 Catalogue, spec 02 §7 Catalogue). */
const catalogo: Modulo = async (app) => {
  app.get(
    '/CatalogoUsuario/ListarDatos',
    {
      config: { acceso: { modulo: 'administration/products', accion: 'listar' } },
      schema: { tags, querystring: consultaPaginada },
    },
    async (req) => {
      const { filas, meta } = await servicio.listar(req.ctx(), req.query);
      return okPaginado(filas, meta);
    },
  );

  app.get(
    '/CatalogoUsuario/ConsultarDatos',
    {
      config: { acceso: { modulo: MODULOS_LECTURA_CATALOGO, accion: 'listar' } },
      schema: { tags, querystring: consultaProductos },
    },
    async (req) => ok(await servicio.consultarDatos(req.ctx(), req.query)),
  );

  app.get(
    '/CatalogoUsuario/ConsultarDatosDescripcion',
    {
      config: { acceso: { modulo: MODULOS_LECTURA_CATALOGO, accion: 'listar' } },
      schema: {
        tags,
        querystring: z.object({ CodigoEmpresaUsuario: entero().optional(), Descripcion: requerido(100) }),
      },
    },
    async (req) => ok(await servicio.consultarPorDescripcion(req.ctx(), req.query)),
  );

  app.post(
    '/CatalogoUsuario/GuardarDatos',
    {
      config: { acceso: { modulo: MODULOS_CATALOGO, accion: 'listar' } },
      schema: { tags, body: z.object({ data: productoCatalogo }) },
    },
    async (req) => {
      const { producto, mensaje } = await servicio.guardar(req.ctx(), req.body.data);
      return ok(producto, mensaje);
    },
  );

  app.post(
    '/CatalogoUsuario/RegistrarEquivalencia',
    {
      config: { acceso: { modulo: MODULOS_CATALOGO, accion: 'editar' } },
      schema: { tags, body: z.object({ data: equivalenciaCatalogo }) },
    },
    async (req) =>
      ok(await servicio.registrarEquivalencia(req.ctx(), req.body.data), MENSAJES_CATALOGO.equivalenciaRegistrada),
  );

  app.get(
    '/CatalogoUsuario/ConsultaEquivalenciaPorCodigoCatalogo',
    {
      config: { acceso: { modulo: MODULOS_LECTURA_CATALOGO, accion: 'listar' } },
      schema: { tags, querystring: z.object({ CodigoCatalogoUsuario: entero().positive() }) },
    },
    async (req) => ok(await servicio.listarEquivalencias(req.ctx(), req.query.CodigoCatalogoUsuario)),
  );

  app.post(
    '/CatalogoUsuario/EliminarEquivalenciaCatalogo',
    {
      config: { acceso: { modulo: MODULOS_CATALOGO, accion: 'editar' } },
      schema: { tags, body: eliminarEquivalencia },
    },
    async (req) => {
      await servicio.eliminarEquivalencia(req.ctx(), req.body.data.codigoEquivalenciaCatalogo);
      return ok(true, MENSAJES_CATALOGO.equivalenciaEliminada);
    },
  );

  app.post(
    '/CatalogoUsuario/CambiarEstadoAnulado',
    {
      config: { acceso: { modulo: 'administration/products', accion: 'editar' } },
      schema: { tags, body: plano(cambioEstadoCatalogo) },
    },
    async (req) => {
      await servicio.cambiarEstado(req.ctx(), req.body.codigoCatalogoUsuario, req.body.estado);
      return ok(true, MENSAJES_CATALOGO.estadoCambiado);
    },
  );

  app.post(
    '/CatalogoUsuario/EliminarRegistro',
    {
      config: { acceso: { modulo: 'administration/products', accion: 'eliminar' } },
      schema: { tags, body: plano(eliminarCatalogo) },
    },
    async (req) => {
      await servicio.eliminar(req.ctx(), req.body.codigoCatalogoUsuario);
      return ok(true, MENSAJES_CATALOGO.productoEliminado);
    },
  );

  app.post(
    '/CatalogoUsuario/RegistrarCatalogoMasivo',
    {
      config: { acceso: { modulo: ['administration/products', 'administration/workers'], accion: 'agregar' } },
      schema: { tags, consumes: ['multipart/form-data'] },
    },
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

  app.get(
    '/CatalogoUsuario/DescargarPlantilla',
    {
      config: { acceso: { modulo: ['administration/products', 'administration/workers'], accion: 'listar' } },
      schema: { tags, querystring: z.object({ Tipo: z.enum(TIPOS_CARGA_MASIVA).default('catalogo') }) },
    },
    async (req, reply) => {
      const ctx = req.ctx();
      const trabajadores = req.query.Tipo === 'trabajadores';
      const libro = trabajadores ? await plantillaTrabajadores(ctx) : await plantillaCatalogo(ctx);
      const nombre = trabajadores ? 'plantilla-trabajadores.xlsx' : 'plantilla-catalogo.xlsx';
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .send(libro);
    },
  );
};
export default catalogo;

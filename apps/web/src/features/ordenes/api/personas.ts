import { apiPersona, type BodyDe } from '@cronos/contract';
import { useMutation } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';

/**
 * People and companies lookups of the order form (spec 01 §7). A lookup that finds nothing answers
 * success false with the spec's message; a malformed number is a 422 the form shows on its field.
 */

/** DNI lookup: the local registry, then the identity provider. */
export const useConsultarDni = () =>
  useMutation({
    mutationFn: (numeroDocumentoIdentidad: string) =>
      llamarRuta(apiPersona.consultarDocumentoIdentidad, {
        body: { numeroDocumentoIdentidad, codigoTipoDocumentoIdentidad: '1' },
        manejar: [422],
      }),
  });

/** A foreign identity document, in the local registry. */
export const useConsultarExtranjero = () =>
  useMutation({
    mutationFn: (v: { numeroDocumentoIdentidad: string; codigoTipoDocumentoIdentidad: string }) =>
      llamarRuta(apiPersona.consultarPersona, { body: v, manejar: [422] }),
  });

/** 'Registro Usuario': a person typed by hand enters the registry. */
export const useGuardarPersona = () =>
  useMutation({
    mutationFn: (persona: BodyDe<typeof apiPersona.guardarPersona>) =>
      llamarRuta(apiPersona.guardarPersona, { body: persona, manejar: [422] }),
  });

/** A company by RUC, with the acting company's carrier contract dates. */
export const useConsultarEmpresa = () =>
  useMutation({
    mutationFn: (v: { ruc: string; codigoEmpresaUsuario?: number }) =>
      llamarRuta(apiPersona.consultarEmpresa, { body: v, manejar: [422] }),
  });

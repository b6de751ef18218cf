import { useRouteError } from 'react-router';

/**
 * What a route shows when its screen could not be loaded or failed while drawing: in Spanish, with what to do.
 * Plain markup (styles in estilos.css) in the main bundle: the screen's own code, Ant Design or the error page's
 * chunk may be exactly what could not be downloaded.
 */
export function ErrorDeRuta() {
  const error = useRouteError();
  const carga =
    error instanceof Error && /dynamically imported module|module script|Importing a module/i.test(error.message);
  return (
    <div className="cronos-error-ruta" role="alert">
      <h1>{carga ? 'No se pudo cargar esta pantalla' : 'Esta pantalla tuvo un error'}</h1>
      <p>
        {carga
          ? 'Puede que se haya publicado una nueva versión de Cronos o que se haya perdido la conexión con el servidor. Recargue la página; lo que ya guardó no se pierde.'
          : 'Recargue la página. Si vuelve a ocurrir, avise a Soporte indicando qué estaba haciendo.'}
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Recargar
      </button>
    </div>
  );
}

import { useSinConexion } from './estado-red';

/**
 * Says plainly that the server cannot be reached; what was typed stays in the forms. Plain markup (styles in
 * app/estilos.css): it is shown on every screen, the login page included, which loads no Ant Design.
 */
export function BannerSinConexion() {
  const sinConexion = useSinConexion();
  if (!sinConexion) return null;
  return (
    <div className="cronos-sin-conexion" role="alert" data-testid="banner-sin-conexion">
      <strong>Sin conexión con el servidor</strong>
      Puede seguir en esta pantalla: lo que escribió se conserva. Guarde cuando vuelva la conexión; nada se enviará dos
      veces.
    </div>
  );
}

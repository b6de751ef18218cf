import { inicioPorRol, loginEntrada, MENSAJES } from '@cronos/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { precargarSesion } from '../../../shared/sesion/precarga';
import { ErrorApi } from '../../../shared/api/cliente';
import { iniciarSesionLocal, useSesion } from '../../../shared/sesion/almacen-sesion';
import { iniciarSesion } from '../api/ingreso';
import './login.css';

const AVISO_CIERRE = {
  inactividad: MENSAJES.sesionExpiradaInactividad,
  expirada: MENSAJES.sesionExpiradaGlobal,
  logout: null,
} as const;

type Campos = { nombreUsuario: string; contrasenia: string };
type Errores = Partial<Record<keyof Campos, string>>;

/** The contract's messages for each field (the same rules the server checks). */
function validar(valores: Campos): Errores {
  const r = loginEntrada.safeParse(valores);
  if (r.success) return {};
  const errores: Errores = {};
  for (const i of r.error.issues) {
    const campo = i.path[0] as keyof Campos;
    errores[campo] ??= i.message;
  }
  return errores;
}

/**
 * The login page, in plain markup and CSS: it is the first screen of every PC at the gate, so it loads
 * without Ant Design (which the signed-in screens load, and which starts downloading while the user types).
 */
export default function LoginPage() {
  const sesion = useSesion();
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const [valores, setValores] = useState<Campos>({ nombreUsuario: '', contrasenia: '' });
  const [errores, setErrores] = useState<Errores>({});
  const [enviado, setEnviado] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [entrando, setEntrando] = useState(false);

  useEffect(() => {
    const id = setTimeout(precargarSesion, 300);
    return () => clearTimeout(id);
  }, []);

  if (sesion.autenticado && sesion.usuario && !entrando)
    return <Navigate to={inicioPorRol(sesion.usuario.codigoRol)} replace />;

  const cambiar = (campo: keyof Campos, valor: string) => {
    const nuevos = { ...valores, [campo]: valor };
    setValores(nuevos);
    // After the first attempt, each field's message follows what is typed.
    if (enviado) setErrores(validar(nuevos));
  };

  const entrar = async (e: FormEvent) => {
    e.preventDefault();
    setEnviado(true);
    const invalidos = validar(valores);
    setErrores(invalidos);
    if (Object.keys(invalidos).length > 0) return;
    setError(null);
    setEntrando(true);
    try {
      const r = await iniciarSesion(valores);
      iniciarSesionLocal(r.data.token, r.data.usuario, r.data.permisos);
      const desde = (ubicacion.state as { desde?: string } | null)?.desde;
      // Role 9 (finance) lands on invoices (spec 01 §2); a deep link survives the login.
      navegar(
        desde && desde !== '/app' && desde !== '/app/dashboard' ? desde : inicioPorRol(r.data.usuario.codigoRol),
        { replace: true },
      );
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : MENSAJES.errorInesperado);
      setEntrando(false);
    }
  };

  // Why the last session ended stays in the store until the next sign-in.
  const aviso = sesion.motivoCierre ? AVISO_CIERRE[sesion.motivoCierre] : null;
  return (
    <div className="login-fondo">
      <main className="login-tarjeta">
        <h1 className="login-titulo">Cronos</h1>
        <p className="login-subtitulo">Zona Franca · Iniciar sesión</p>
        {aviso ? (
          <div className="login-aviso login-aviso-advertencia" data-testid="aviso-sesion">
            {aviso}
          </div>
        ) : null}
        {error ? (
          <div className="login-aviso login-aviso-error" role="alert">
            {error}
          </div>
        ) : null}
        <form onSubmit={entrar} noValidate>
          <label className="login-etiqueta" htmlFor="login-usuario">
            Usuario
          </label>
          <input
            id="login-usuario"
            className={`login-campo${errores.nombreUsuario ? ' login-campo-error' : ''}`}
            autoComplete="username"
            // biome-ignore lint/a11y/noAutofocus: the page exists only to type these credentials
            autoFocus
            value={valores.nombreUsuario}
            onChange={(e) => cambiar('nombreUsuario', e.target.value)}
            aria-invalid={errores.nombreUsuario ? true : undefined}
            aria-describedby={errores.nombreUsuario ? 'login-usuario-error' : undefined}
          />
          <div className="login-explicacion" id="login-usuario-error">
            {errores.nombreUsuario}
          </div>
          <label className="login-etiqueta" htmlFor="login-contrasenia">
            Contraseña
          </label>
          <input
            id="login-contrasenia"
            type="password"
            className={`login-campo${errores.contrasenia ? ' login-campo-error' : ''}`}
            autoComplete="current-password"
            value={valores.contrasenia}
            onChange={(e) => cambiar('contrasenia', e.target.value)}
            aria-invalid={errores.contrasenia ? true : undefined}
            aria-describedby={errores.contrasenia ? 'login-contrasenia-error' : undefined}
          />
          <div className="login-explicacion" id="login-contrasenia-error">
            {errores.contrasenia}
          </div>
          <button type="submit" className="login-boton" disabled={entrando} aria-busy={entrando}>
            {entrando ? <span className="login-girando" aria-hidden /> : null}
            Ingresar
          </button>
        </form>
      </main>
    </div>
  );
}

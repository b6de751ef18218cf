import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { inicioPorRol, type LoginSalida, loginEntrada, MENSAJES } from '@cronos/contract';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { api, ErrorApi } from '../../../shared/api/cliente';
import { reglaZod } from '../../../shared/formulario/regla-zod';
import { iniciarSesionLocal, useSesion } from '../../../shared/sesion/almacen-sesion';

const AVISO_CIERRE = {
  inactividad: MENSAJES.sesionExpiradaInactividad,
  expirada: MENSAJES.sesionExpiradaGlobal,
  logout: null,
} as const;

export default function LoginPage() {
  const sesion = useSesion();
  const navegar = useNavigate();
  const ubicacion = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [entrando, setEntrando] = useState(false);
  const [form] = Form.useForm<{ nombreUsuario: string; contrasenia: string }>();

  if (sesion.autenticado && sesion.usuario && !entrando)
    return <Navigate to={inicioPorRol(sesion.usuario.codigoRol)} replace />;

  const entrar = async (valores: { nombreUsuario: string; contrasenia: string }) => {
    setError(null);
    setEntrando(true);
    try {
      const r = await api.post<LoginSalida>('/Account/Login', valores, { manejar: [400, 401, 403, 422, 429] });
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
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #0b4f8a 0%, #1f7ab8 60%, #f5a623 160%)',
        padding: 16,
      }}
    >
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={3} style={{ marginBottom: 0 }}>
          Cronos
        </Typography.Title>
        <Typography.Paragraph type="secondary">Zona Franca · Iniciar sesión</Typography.Paragraph>
        {aviso ? (
          <Alert type="warning" showIcon message={aviso} style={{ marginBottom: 16 }} data-testid="aviso-sesion" />
        ) : null}
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Form form={form} layout="vertical" onFinish={entrar} requiredMark={false}>
          <Form.Item name="nombreUsuario" label="Usuario" rules={[reglaZod(loginEntrada, 'nombreUsuario')]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="contrasenia" label="Contraseña" rules={[reglaZod(loginEntrada, 'contrasenia')]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={entrando}>
            Ingresar
          </Button>
        </Form>
      </Card>
    </div>
  );
}

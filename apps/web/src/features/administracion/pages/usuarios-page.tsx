import { UsuariosLista } from '../components/usuarios-lista';

/** Lista de Usuarios (administration/users). */
export default function UsuariosPage() {
  return <UsuariosLista administradores={false} />;
}

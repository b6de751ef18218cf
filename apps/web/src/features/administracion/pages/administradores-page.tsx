import { UsuariosLista } from '../components/usuarios-lista';

/** Lista de Administradores (administration/staff). */
export default function AdministradoresPage() {
  return <UsuariosLista administradores />;
}

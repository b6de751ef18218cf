import { configurarZodEspanol } from '@cronos/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Proveedores } from './app/proveedores';
import './app/estilos.css';
import { BannerSinConexion } from './shared/red/banner-sin-conexion';
import { vigilarRed } from './shared/red/estado-red';
import { registrarServiceWorker } from './shared/red/registrar-sw';
import { recargarSiFaltaUnArchivo } from './shared/red/version-nueva';
import { observarEtiquetas } from './shared/ui/etiquetas-es';

configurarZodEspanol();
vigilarRed();
registrarServiceWorker();
recargarSiFaltaUnArchivo();
observarEtiquetas();

const raiz = document.getElementById('root');
if (raiz) {
  createRoot(raiz).render(
    <StrictMode>
      <BannerSinConexion />
      <Proveedores />
    </StrictMode>,
  );
}

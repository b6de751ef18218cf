/**
 * Outside identity and taxpayer providers (DOMAIN.md §7). Lookups check the number offline first, then the
 * local registry, and only then ask one of these, when the external-consultation switch is on and a URL is
 * configured. The HTTP provider expects `GET {url}/{numero}` answering JSON; any failure counts as "not found"
 * so a provider outage never blocks a gate: the user gets the manual-entry path.
 */
export interface DatosPersonaProveedor {
  apellidoPaterno: string;
  apellidoMaterno: string;
  nombres: string;
}
export interface DatosEmpresaProveedor {
  razonSocial: string;
  direccion: string | null;
  estado?: string;
  condicion?: string;
}
export interface ProveedorIdentidad {
  buscarDni(dni: string): Promise<DatosPersonaProveedor | null>;
}
export interface ProveedorRuc {
  buscarRuc(ruc: string): Promise<DatosEmpresaProveedor | null>;
}

const TIEMPO_MS = 8_000;

async function pedirJson(url: string): Promise<Record<string, unknown> | null> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(TIEMPO_MS), headers: { accept: 'application/json' } });
    if (!r.ok) return null;
    const cuerpo = (await r.json()) as Record<string, unknown>;
    const datos = (cuerpo && typeof cuerpo.data === 'object' && cuerpo.data) || cuerpo;
    return datos as Record<string, unknown>;
  } catch {
    return null;
  }
}

const cadena = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().toUpperCase().slice(0, max) : '');

export function proveedorIdentidadHttp(base: string): ProveedorIdentidad {
  return {
    async buscarDni(dni) {
      const d = await pedirJson(`${base.replace(/\/$/, '')}/${encodeURIComponent(dni)}`);
      if (!d) return null;
      const nombres = cadena(d.nombres, 30);
      const apellidoPaterno = cadena(d.apellidoPaterno, 20);
      if (!nombres || !apellidoPaterno) return null;
      return { nombres, apellidoPaterno, apellidoMaterno: cadena(d.apellidoMaterno, 20) };
    },
  };
}

export function proveedorRucHttp(base: string): ProveedorRuc {
  return {
    async buscarRuc(ruc) {
      const d = await pedirJson(`${base.replace(/\/$/, '')}/${encodeURIComponent(ruc)}`);
      if (!d) return null;
      const razonSocial = cadena(d.razonSocial, 200);
      if (!razonSocial) return null;
      return {
        razonSocial,
        direccion: cadena(d.direccion, 300) || null,
        estado: cadena(d.estado, 20) || undefined,
        condicion: cadena(d.condicion, 20) || undefined,
      };
    },
  };
}

export interface Proveedores {
  identidad: ProveedorIdentidad | null;
  ruc: ProveedorRuc | null;
}

/** Providers from the configuration: none unless the switch is on and a URL is set. */
export function proveedoresDesdeConfig(c: {
  CONSULTAS_EXTERNAS: boolean;
  PROVEEDOR_DNI_URL?: string;
  PROVEEDOR_RUC_URL?: string;
}): Proveedores {
  return {
    identidad: c.CONSULTAS_EXTERNAS && c.PROVEEDOR_DNI_URL ? proveedorIdentidadHttp(c.PROVEEDOR_DNI_URL) : null,
    ruc: c.CONSULTAS_EXTERNAS && c.PROVEEDOR_RUC_URL ? proveedorRucHttp(c.PROVEEDOR_RUC_URL) : null,
  };
}

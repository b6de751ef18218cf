import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import './garita.css';

/** Below Ant Design's lg breakpoint: a tablet or a phone at the gate (one column, sticky save bar). */
const CONSULTA_MOVIL = '(max-width: 991.98px)';
/** A touch screen (the camera is offered for photos even on a wide tablet). */
const CONSULTA_TACTIL = '(pointer: coarse)';

function useConsulta(consulta: string) {
  return useSyncExternalStore(
    (avisar) => {
      const m = window.matchMedia(consulta);
      m.addEventListener('change', avisar);
      return () => m.removeEventListener('change', avisar);
    },
    () => window.matchMedia(consulta).matches,
    () => false,
  );
}

/** Whether the gate screen is on a tablet or a phone (read synchronously: no desktop flash on first paint). */
export const useGaritaMovil = () => useConsulta(CONSULTA_MOVIL);
/** Whether photo inputs should open the camera (`capture`): a touch screen or a tablet/phone width. */
export const useConCamara = () => {
  const tactil = useConsulta(CONSULTA_TACTIL);
  const movil = useGaritaMovil();
  return tactil || movil;
};

/**
 * Gate staff work with gloves, in sun glare, often with one hand: every control of a gate screen is at least 44 px
 * high at every width (WCAG 2.2 SC 2.5.5, target size, enhanced; SC 2.5.8 asks 24 px). Ant Design sizes buttons,
 * fields, selects and their options from controlHeight; checkboxes, radios and switches get the rest in garita.css.
 */
const TEMA_GARITA = { token: { controlHeight: 44 } };

/** The frame of every gate screen: its styles, 44 px controls, and one column below lg. */
export function PantallaGarita({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={TEMA_GARITA}>
      <div className="garita" style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}>
        {children}
      </div>
    </ConfigProvider>
  );
}

/**
 * The screen's save buttons on a tablet or phone: a bar stuck to the bottom of the screen, rendered by the screen
 * at its end (outside the form's card, so it stays in view while the whole order is read). At desktop widths the
 * screens keep their buttons where they always were, inside the form.
 */
export function BarraGuardar({ children }: { children: ReactNode }) {
  return (
    <div className="garita-barra" data-testid="barra-guardar">
      {children}
    </div>
  );
}

/** One label/value pair of a card. */
export const Dato = ({ etiqueta, children }: { etiqueta: string; children: ReactNode }) => (
  <div className="garita-dato">
    <span>{etiqueta}</span>
    <span>{children}</span>
  </div>
);

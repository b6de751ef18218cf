import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import { Typography } from 'antd';
import { TextoCorto } from '../../../shared/ui/texto-corto';
import { fecha } from '../../../shared/ui/formato';

/** The columns a renewal list shows only from 576 px up; on a phone the name cell carries the due date. */
export const EN_PANTALLA: Breakpoint[] = ['sm'];

/**
 * The name cell of a renewal list (carriers, importers). Below 576 px the list keeps only the name, its due date
 * under it, and the button: with every column and a 1 100 px table, the fixed button covered all but the user company.
 */
export const celdaNombreConVencimiento = (telefono: boolean) => (nombre: string, f: { fechaCese?: string | null }) =>
  telefono ? (
    <>
      <TextoCorto texto={nombre} ancho={116} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Vence {fecha(f.fechaCese)}
      </Typography.Text>
    </>
  ) : (
    nombre
  );

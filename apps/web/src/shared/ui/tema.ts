import type { ThemeConfig } from 'antd';

/**
 * The Ant Design theme of every signed-in screen. Ant Design's default colours fail WCAG 2.2 SC 1.4.3 (text
 * contrast 4.5:1) in several places the app uses: secondary text (#8c8c8c on white, 3.36:1), links and "processing"
 * tags (#1677ff on #e6f4ff, 3.66:1), error tags and danger buttons (#ff4d4f, 2.98:1 and 3.3:1), success and warning
 * text (#52c41a 2.3:1, #faad14 1.9:1) and the preset tag colours used for roles (volcano, orange, gold, cyan,
 * lime, green: 2.5–4.4:1). Every colour below gives at least 4.5:1 against white and against its own light
 * background (docs/adr/0130-contraste-del-tema.md has the figures).
 */
export const TOKENS_ACCESIBLES = {
  colorPrimary: '#0b4f8a',
  colorInfo: '#0b4f8a',
  colorLink: '#0b4f8a',
  colorSuccess: '#237804',
  colorWarning: '#8a5300',
  colorError: '#c0141f',
  // Ant Design derives a status's light backgrounds and borders from its colour: from these darker colours they come
  // out grey (#adb8a5 behind success text: 2.7:1). They stay the light ones of Ant Design's own palettes.
  colorSuccessBg: '#f6ffed',
  colorSuccessBgHover: '#d9f7be',
  colorSuccessBorder: '#b7eb8f',
  colorSuccessBorderHover: '#95de64',
  colorWarningBg: '#fffbe6',
  colorWarningBgHover: '#fff1b8',
  colorWarningBorder: '#ffe58f',
  colorWarningBorderHover: '#ffd666',
  colorErrorBg: '#fff2f0',
  colorErrorBgHover: '#fff1f0',
  colorErrorBorder: '#ffccc7',
  colorErrorBorderHover: '#ffa39e',
  colorInfoBg: '#e6f4ff',
  colorInfoBgHover: '#bae0ff',
  colorInfoBorder: '#91caff',
  colorInfoBorderHover: '#69b1ff',
  // Secondary and tertiary text: 0.62 black on white is #616161 (6.1:1), on a table header's #fafafa 5.8:1.
  colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorTextLabel: 'rgba(0, 0, 0, 0.68)',
  // Buttons draw Ant Design's focus ring this wide; its colour is set in app/estilos.css (SC 2.4.7).
  lineWidthFocus: 3,
} satisfies ThemeConfig['token'];

/**
 * Text of the preset tag colours (Tag color="volcano" and so on) is palette step 7; Ant Design derives it under two
 * names ('volcano-7' and 'volcano7', one CSS variable), so both are set.
 */
const TEXTO_ETIQUETAS: Record<string, string> = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#7c6300',
  cyan: '#006d75',
  lime: '#3f6600',
  green: '#237804',
};
const PASO_7 = Object.fromEntries(
  Object.entries(TEXTO_ETIQUETAS).flatMap(([color, texto]) => [
    [`${color}-7`, texto],
    [`${color}7`, texto],
  ]),
);

export function temaCronos(conMovimiento: boolean): ThemeConfig {
  return {
    token: {
      ...TOKENS_ACCESIBLES,
      ...PASO_7,
      borderRadius: 6,
      fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      motion: conMovimiento,
    },
  };
}

import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/*
 * The few headings and texts of the signed-in shell (header, dashboard) as plain elements with Ant Design's own
 * tokens, so they look as Typography draws them. Typography brings its editing and copying machinery (a text area,
 * the clipboard, tooltips): ~15 KB gzipped of the shell that these texts never use. Screens keep Typography.
 */

interface Props {
  children: ReactNode;
  style?: CSSProperties;
}

/** A level-3 heading, as `Typography.Title level={3}` (margins are the caller's). */
export function Titulo3({ children, style }: Props) {
  const { token } = theme.useToken();
  return (
    <h3
      style={{
        margin: 0,
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token.fontSizeHeading3,
        lineHeight: token.lineHeightHeading3,
        ...style,
      }}
    >
      {children}
    </h3>
  );
}

/** Secondary text, as `Typography.Text type="secondary"`. */
export function TextoSecundario({ children, style }: Props) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextDescription, wordBreak: 'break-word', ...style }}>{children}</span>;
}

/** Bold text, as `Typography.Text strong`; `cortar` keeps it on one line with an ellipsis (`ellipsis`). */
export function TextoFuerte({ children, style, cortar = false }: Props & { cortar?: boolean }) {
  const { token } = theme.useToken();
  const linea: CSSProperties = cortar
    ? { display: 'inline-block', maxWidth: '100%', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }
    : {};
  return (
    <span style={{ color: token.colorText, verticalAlign: cortar ? 'bottom' : undefined, ...linea, ...style }}>
      <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong>
    </span>
  );
}

import { ESQUEMAS_ENLACE_TEXTO, ETIQUETAS_TEXTO_ENRIQUECIDO } from '@cronos/contract';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space } from 'antd';
import { createElement, type ReactNode, useEffect, useRef } from 'react';

const ETIQUETAS = new Set(ETIQUETAS_TEXTO_ENRIQUECIDO);
const ENLACE_SEGURO = new RegExp(`^(${ESQUEMAS_ENLACE_TEXTO.join('|')}):`, 'i');

function convertir(nodo: Node, clave: string): ReactNode {
  if (nodo.nodeType === Node.TEXT_NODE) return nodo.textContent;
  if (nodo.nodeType !== Node.ELEMENT_NODE) return null;
  const el = nodo as Element;
  const tag = el.tagName.toLowerCase();
  const hijos = Array.from(el.childNodes).map((h, i) => convertir(h, `${clave}.${i}`));
  // Anything outside the allowlist keeps only its text: no script, style, handler or frame can run.
  if (!ETIQUETAS.has(tag)) return tag === 'script' || tag === 'style' ? null : <span key={clave}>{hijos}</span>;
  if (tag === 'br') return <br key={clave} />;
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    return ENLACE_SEGURO.test(href.trim()) ? (
      <a key={clave} href={href} target="_blank" rel="noopener noreferrer">
        {hijos}
      </a>
    ) : (
      <span key={clave}>{hijos}</span>
    );
  }
  return createElement(tag, { key: clave }, ...hijos);
}

/**
 * Shows an observation's rich text. The server already sanitized it; here it is also rebuilt as React
 * elements from an allowlist (never innerHTML), so even a stored payload from elsewhere cannot run.
 */
export function HtmlSeguro({ html }: { html: string | null | undefined }) {
  if (!html) return null;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (
    <div className="observacion-html">{Array.from(doc.body.childNodes).map((n, i) => convertir(n, String(i)))}</div>
  );
}

/** A small rich-text editor (bold, italic, underline, lists) for the Observar dialog. */
export function EditorObservacion({ valor, alCambiar }: { valor: string; alCambiar: (html: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== valor && valor === '') ref.current.innerHTML = '';
  }, [valor]);
  const aplicar = (comando: string) => {
    ref.current?.focus();
    document.execCommand(comando);
    alCambiar(ref.current?.innerHTML ?? '');
  };
  return (
    <div>
      <Space style={{ marginBottom: 6 }}>
        <Button
          size="small"
          icon={<BoldOutlined />}
          aria-label="Negrita"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => aplicar('bold')}
        />
        <Button
          size="small"
          icon={<ItalicOutlined />}
          aria-label="Cursiva"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => aplicar('italic')}
        />
        <Button
          size="small"
          icon={<UnderlineOutlined />}
          aria-label="Subrayado"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => aplicar('underline')}
        />
        <Button
          size="small"
          icon={<UnorderedListOutlined />}
          aria-label="Viñetas"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => aplicar('insertUnorderedList')}
        />
        <Button
          size="small"
          icon={<OrderedListOutlined />}
          aria-label="Numeración"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => aplicar('insertOrderedList')}
        />
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor needs a contentEditable element, not a textarea */}
      <div
        tabIndex={0}
        ref={ref}
        role="textbox"
        aria-label="Observación"
        aria-multiline="true"
        contentEditable
        suppressContentEditableWarning
        onInput={(e) => alCambiar((e.target as HTMLDivElement).innerHTML)}
        style={{ minHeight: 140, border: '1px solid #d9d9d9', borderRadius: 6, padding: 8, background: '#fff' }}
      />
    </div>
  );
}

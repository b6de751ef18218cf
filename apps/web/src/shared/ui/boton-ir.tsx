import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A button that opens another screen of the app. Not a button inside a link: that is two nested controls, two Tab
 * stops for one action, and screen readers announce it twice (axe nested-interactive, WCAG 2.2 SC 4.1.2).
 */
export function BotonIr({ a, ...props }: Omit<ButtonProps, 'onClick' | 'href'> & { a: string }) {
  const navegar = useNavigate();
  return <Button {...props} onClick={() => navegar(a)} />;
}

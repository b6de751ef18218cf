/** The id of the signed-in screens' main region, where the skip link takes the keyboard. */
export const ID_CONTENIDO = 'contenido';

/**
 * "Saltar al contenido" (WCAG 2.2 SC 2.4.1, bypass blocks): the first stop of the Tab key on every signed-in screen,
 * hidden until it takes the focus. Enter moves the focus past the menu and the header to the screen itself, so a
 * gate guard with the keyboard reaches the search field in two or three keys instead of a whole menu's worth.
 */
export function SaltarAlContenido() {
  return (
    <a
      className="cronos-saltar"
      href={`#${ID_CONTENIDO}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(ID_CONTENIDO)?.focus();
      }}
    >
      Saltar al contenido
    </a>
  );
}

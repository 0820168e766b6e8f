/**
 * Words after a control's visible text that only screen readers get ("Löschen" + „Vertrag.pdf“), so that
 * each of many equal buttons has a name of its own that still starts with what it shows.
 */
export function HiddenSuffix({ text }: { text: string }) {
  return (
    <>
      {' '}
      <span className="ui-visually-hidden">{text}</span>
    </>
  );
}

/**
 * What a visitor typed or chose in a form the server drew, before the app took the page over: the
 * fields whose value in the page differs from the form's state, with that value. React keeps what
 * was typed in the page as it takes it over, but not in the form's state, and the form's next
 * render would wipe it. Read it in the form's first layout effect, before any render can.
 */
export function typedBeforeLive<Name extends string>(form: HTMLFormElement, values: Readonly<Record<Name, string>>): [Name, string][] {
  const typed: [Name, string][] = [];
  for (const name of Object.keys(values) as Name[]) {
    // An input or a textarea, or a group of radios (its value is the checked one's, '' if none).
    const field = form.elements.namedItem(name) as { value?: unknown } | null;
    if (typeof field?.value === 'string' && field.value !== values[name]) typed.push([name, field.value]);
  }
  return typed;
}

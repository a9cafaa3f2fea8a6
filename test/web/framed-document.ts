/**
 * A document in a frame of its own, with a window and a selector engine of its own, which the web
 * tests' setup has not wrapped: what a test of that setup compares with.
 */
export function framedDocument(sheet: string, body: string): Document {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const framed = frame.contentDocument!;
  framed.head.innerHTML = `<style>${sheet}</style>`;
  framed.body.innerHTML = body;
  return framed;
}

/** Each element's tag and classes, with the display and visibility its window computes for it. */
export function displayAndVisibility(framed: Document): string[] {
  return [...framed.querySelectorAll('*')].map((element) => {
    const style = framed.defaultView!.getComputedStyle(element);
    return `${element.tagName} ${element.getAttribute('class') ?? ''}: ${style.display} ${style.visibility}`;
  });
}

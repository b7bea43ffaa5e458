/** Text for a double-quoted HTML attribute (or element content): &, ", < and > escaped. */
export function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An island's wrapper with its props and its own prerendered markup, in place of the empty wrapper the page rendered. */
export function fillIsland(attributes: string, escapedProps: string, inner: string): string {
  return `<div ${attributes} data-props="${escapedProps}">${inner}</div>`;
}

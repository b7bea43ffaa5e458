/** Text for a double-quoted HTML attribute (or element content): &, ", < and > escaped. */
export function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** escapeAttribute read backwards: an island's props as they were before the prerenderer wrote them into the page. */
export function unescapeAttribute(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** An island's wrapper with its props and its own prerendered markup, in place of the empty wrapper the page rendered. */
export function fillIsland(attributes: string, escapedProps: string, inner: string): string {
  return `<div ${attributes} data-props="${escapedProps}">${inner}</div>`;
}

/** Pages are separate documents: going to another route is a normal page load, which also scrolls to the top and sets the title. */
export function navigateTo(href: string): void {
  window.location.assign(href);
}

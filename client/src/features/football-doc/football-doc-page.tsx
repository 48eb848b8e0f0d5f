/** Placeholder while the page is being built (issue 4). */
export function FootballDocPage() {
  return <h1>Football help</h1>;
}

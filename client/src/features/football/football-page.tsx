/** Placeholder while the page is being built (issue 4). */
export function FootballPage() {
  return <h1>Hong Kong football</h1>;
}

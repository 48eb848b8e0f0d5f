/** Placeholder while the page is being built (issue 4). */
export function OddsDashboardPage() {
  return <h1>Odds dashboard</h1>;
}

/** Placeholder while the page is being built (issue 4). */
export function SoccerDashboardPage() {
  return <h1>Soccer dashboard</h1>;
}

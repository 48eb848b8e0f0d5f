/**
 * Paths the server answers itself, not the React app: the API, the realtime channel, the sandbox
 * LINE provider (`LINE_SANDBOX`) and the supervisors' job board. A browser navigation to one of
 * them must reach the server. The service worker's navigation fallback serves the app shell for
 * every other path (offline use), so it leaves these alone (client/vite.config.ts), and a test on
 * the server side checks that each path it mounts outside the app is covered here.
 */
export const SERVER_PATH_PREFIXES = ['/api/', '/socket.io/', '/sandbox/', '/admin/queues'] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The same as patterns on a URL's path (Workbox's `navigateFallbackDenylist`): `/admin/queues`
 * matches `/admin/queues` and `/admin/queues/x`, not `/admin/queuesx`.
 *
 * @example serverPathPatterns().some((p) => p.test('/sandbox/line/auth')) → true
 */
export function serverPathPatterns(): RegExp[] {
  return SERVER_PATH_PREFIXES.map((prefix) => new RegExp(`^${escape(prefix)}${prefix.endsWith('/') ? '' : '(?:/|$)'}`));
}

/** Whether a browser navigation to `pathname` is the server's, not the app's. */
export const isServerPath = (pathname: string) => serverPathPatterns().some((pattern) => pattern.test(pathname));

import { isServerPath } from '@gp/common/server-paths';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PATH } from '../../src/auth/oidc-client.ts';
import { JOB_BOARD_PATH } from '../../src/staff/access.ts';

/**
 * The service worker serves the app shell for every navigation it does not leave to the network
 * (client/vite.config.ts). Each page the server mounts outside the app must be in common's list,
 * or a member who has the app installed lands on its not-found page instead (issue 34: the LINE
 * button did, at /sandbox/line/auth).
 */
describe('the server’s own pages are left to the network by the service worker', () => {
  it('covers every path the server mounts outside the app', () => {
    for (const path of ['/api/me', '/api/auth/oidc/line/start', '/socket.io/?EIO=4', `${SANDBOX_PATH}/auth`, `${SANDBOX_PATH}/interaction/abc`, JOB_BOARD_PATH, `${JOB_BOARD_PATH}/api/queues`]) {
      expect(isServerPath(path), path).toBe(true);
    }
  });

  it('leaves the app’s own pages to the app shell, the console included', () => {
    for (const path of ['/', '/wallet', '/auth/provider', '/admin', '/admin/queue', '/admin/queuesx', '/apiary', '/sandboxes']) {
      expect(isServerPath(path), path).toBe(false);
    }
  });
});

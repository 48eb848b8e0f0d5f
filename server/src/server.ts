import http from 'node:http';
import { FOOTBALL_PRODUCT_CODE } from '@gp/common';
import { adjustmentJob } from './admin/jobs.ts';
import { createAdjustmentService } from './admin/service.ts';
import { startQueueFeed } from './admin/feed.ts';
import { createFourEyesService } from './admin/four-eyes.ts';
import { createMemberService } from './admin/members.ts';
import { createOrderSearchService } from './admin/order-search.ts';
import { reconciliationJob } from './reports/jobs.ts';
import { createReportService } from './reports/service.ts';
import { registerBackOfficeSources } from './back-office-sources.ts';
import { createPurchaseSheetService } from './admin/purchase-sheet.ts';
import { createQueueService } from './admin/queue.ts';
import { createStorage } from './platform/storage.ts';
import { resultFeedsJob } from './feeds/jobs.ts';
import { createFeedsService } from './feeds/service.ts';
import { createStaffService } from './staff/service.ts';
import { createApp } from './app.ts';
import { createAuthService } from './auth/service.ts';
import { depositQueryJob } from './payments/jobs.ts';
import { createDepositService } from './payments/service.ts';
import { createClaimService } from './claims/service.ts';
import { createOidcService } from './auth/oidc-service.ts';
import { createAccountService } from './auth/account.ts';
import { createRecoveryService } from './auth/recovery.ts';
import { mailJob } from './mail/jobs.ts';
import { createMailer } from './mail/transport.ts';
import { identityHousekeepingJob, passwordResetJob, signupRequestJob } from './auth/identity-jobs.ts';
import { createSignupService } from './auth/signup.ts';
import { joinMembersRoom } from './inbox/members-room.ts';
import { createInboxService } from './inbox/service.ts';
import { createMessagingService } from './messaging/service.ts';
import { createKycService, createWithdrawalService } from './withdrawals/service.ts';
import { kycFilesJob, refundSettleJob } from './withdrawals/jobs.ts';
import type { KenoClocks } from './games/keno/clocks.ts';
import { createGames } from './games/families.ts';
import { housekeepingJob } from './maintenance/jobs.ts';
import type { Workers } from './platform/jobs.ts';
import type { Platform } from './platform/platform.ts';
import { createPinService } from './pins/service.ts';
import { createMemberAccountService } from './member-account/service.ts';
import { createResponsiblePlayService } from './responsible-play/service.ts';
import { createRealtimeGateway, publicChannels, type RealtimeGateway } from './realtime/gateway.ts';
import { orderWorkers } from './orders/jobs.ts';
import { createOrderService, orderPlumbing } from './orders/service.ts';

export type Role = 'all' | 'api' | 'worker';

/** Every service of a process, each built once and shared by the routes, the workers and the other services that use it. */
export function createServices(platform: Platform) {
  const storage = createStorage(platform.config);
  const auth = createAuthService(platform);
  // The order placement (its group commit) is shared by every family's orders.
  const plumbing = orderPlumbing(platform);
  const games = createGames(platform, { plumbing });
  const orders = createOrderService(platform, { games: games.registry, plumbing });
  const deposits = createDepositService(platform);
  const queue = createQueueService(platform, { orders, storage });
  const recovery = createRecoveryService(platform);
  const play = createResponsiblePlayService(platform);
  const oidc = createOidcService(platform, auth);
  const withdrawals = createWithdrawalService(platform, { stripe: () => deposits.runtime.provider('stripe') });
  deposits.onRefundUpdated((reference) => withdrawals.settleRefundByReference(reference));
  return {
    auth,
    account: createAccountService(platform, auth),
    oidc,
    recovery,
    signup: createSignupService(platform, auth),
    // Registers the outbox hook that turns order pushes into inbox messages, in every role.
    inbox: createInboxService(platform),
    messaging: createMessagingService(platform, { storage }),
    pins: createPinService(platform),
    /** The member's own limits, breaks, self-exclusion and date of birth (issue 32). */
    play,
    staff: createStaffService(platform, auth),
    queue,
    purchaseSheets: createPurchaseSheetService(platform, { games: games.registry, queue }),
    adjustments: createAdjustmentService(platform),
    kyc: createKycService(platform, { storage }),
    withdrawals,
    /** Big-win claims the member follows (issue 33 item 4). */
    claims: createClaimService(platform, { storage }),
    /** The member's data export, monthly statements and closing the account (issue 32 item 5). */
    memberAccount: createMemberAccountService(platform, { withdrawals }),
    fourEyes: createFourEyesService(platform, { keno: games.keno.service, football: games.football.service, draws: games.draw.service }),
    members: createMemberService(platform, { orders, deposits, play }),
    /** Official results from feeds and the draws screen (issue 31). */
    feeds: createFeedsService(platform, { keno: games.keno.service, draws: games.draw.service }),
    orderSearch: createOrderSearchService(platform, { orders }),
    reports: createReportService(platform),
    /** The game registry: the families, chosen by product code or stored order. */
    games: games.registry,
    keno: games.keno.service,
    kenoSettlement: games.keno.settlement,
    draws: games.draw.service,
    drawOrders: games.draw.orders,
    drawSettlement: games.draw.settlement,
    football: games.football.service,
    footballSettlement: games.football.settlement,
    orders,
    deposits,
    /** This api node's keno clocks, started by `startServer` for the api role. */
    startClocks: () => games.keno.startClocks(),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Every worker a worker process runs (roles `all` and `worker`), one list: the platform's own, then orders, then each game family's. */
export function workersOf(platform: Platform, services: Services): Workers[] {
  const { logger } = platform;
  return [
    depositQueryJob.withContext({ deposits: services.deposits }),
    housekeepingJob.withContext(platform),
    mailJob.withContext({ mailer: createMailer(platform.config, logger), logger }),
    identityHousekeepingJob.withContext({ oidc: services.oidc, recovery: services.recovery, signup: services.signup, logger }),
    passwordResetJob.withContext({ recovery: services.recovery }),
    signupRequestJob.withContext({ signup: services.signup }),
    adjustmentJob.withContext({ adjustments: services.adjustments, logger }),
    resultFeedsJob.withContext({ feeds: services.feeds, logger }),
    reconciliationJob.withContext({ reports: services.reports, logger }),
    kycFilesJob.withContext({ kyc: services.kyc, claims: services.claims, logger }),
    refundSettleJob.withContext({ withdrawals: services.withdrawals, logger }),
    ...orderWorkers(services.orders, logger),
    ...services.games.workers(),
  ];
}

export interface RunningServer {
  url: string | undefined;
  services: Services;
  /** The Socket.IO edge of an api node (undefined for a worker). */
  gateway: RealtimeGateway | undefined;
  /** Workers first (active jobs finish), then HTTP and sockets, then the infrastructure. */
  stop(): Promise<void>;
}

/** Starts what `role` asks for on an existing platform: HTTP + sockets (api) and/or workers. */
export async function startServer(platform: Platform, role: Role, port: number, host: string): Promise<RunningServer> {
  const services = createServices(platform);
  registerBackOfficeSources(services);
  // Deposits: the providers (and, for test payments, the local provider sandbox) before any worker or route uses them.
  await services.deposits.start({ serveSandbox: role !== 'worker' });
  if (role !== 'api') for (const workers of workersOf(platform, services)) await workers.start(platform);
  let httpServer: http.Server | undefined;
  let gateway: RealtimeGateway | undefined;
  let url: string | undefined;
  let clocks: KenoClocks | undefined;
  if (role !== 'worker') {
    clocks = await services.startClocks();
    httpServer = http.createServer(createApp(platform, services));
    // Sockets may join only channels that exist: keno products on sale, the football feed and its events.
    const channels = publicChannels({
      productCodes: [...services.keno.products().map((product) => product.code), ...services.draws.products().map((product) => product.code)],
      footballProduct: FOOTBALL_PRODUCT_CODE,
      eventExists: (id) => services.football.eventExists(id),
    });
    gateway = createRealtimeGateway(httpServer, {
      auth: services.auth,
      bus: platform.bus,
      logger: platform.logger,
      config: platform.config,
      channelExists: channels.exists,
      channelPublished: channels.published,
    });
    clocks.attach(gateway);
    const io = gateway.io;
    const stopQueueFeed = startQueueFeed({ onConnection: (handler) => io.on('connection', handler), emitLocal: (room, payload) => io.local.to(room).emit('queue_changed', payload) }, platform.bus, platform.now);
    httpServer.once('close', stopQueueFeed);
    joinMembersRoom({ onConnection: (handler) => io.on('connection', handler) });
    await new Promise<void>((resolve, reject) => {
      httpServer!.once('error', reject);
      httpServer!.listen(port, host, () => resolve());
    });
    const address = httpServer.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${actualPort}`;
    services.deposits.runtime.setListenOrigin(url);
  }
  return {
    url,
    services,
    gateway,
    async stop() {
      clocks?.stop();
      await platform.queues.close(platform.config.SHUTDOWN_TIMEOUT_MS);
      await gateway?.close();
      if (httpServer) {
        httpServer.closeIdleConnections();
        await new Promise<void>((resolve) => httpServer!.close(() => resolve()));
      }
      await services.deposits.close();
      await platform.close();
    },
  };
}

import type { DailyReport, ProductDay, ReportDay } from '@gp/common';
import type { Executor } from '../db/database.ts';
import { dailyRepo } from './daily-repo.ts';
import { daysBetween, dayWindow } from './days.ts';

const emptyProduct = (productCode: string): ProductDay => ({ productCode, orders: 0, stake: { amount: 0, currency: '' }, fees: { amount: 0, currency: '' }, charged: 0, refunds: 0, prizes: 0, trialOrders: 0 });

/**
 * The daily report of `from`..`to` (issue 31 item 5): per day in `timeZone` and per product, the
 * orders placed with real points, their stake and fees in the product's money and the GP charged,
 * the GP refunded and the prizes credited; the deposits paid per method; the PINs redeemed, the
 * adjustments posted and the withdrawals requested, paid and returned. Sales are counted the day an order was placed, money the day it moved.
 */
export async function dailyReport(db: Executor, timeZone: string, from: string, to: string): Promise<DailyReport> {
  const { start, end } = dayWindow(timeZone, from, to);
  const [sales, payouts, deposits, credits, withdrawals] = await Promise.all([
    dailyRepo.sales(db, timeZone, start, end),
    dailyRepo.payouts(db, timeZone, start, end),
    dailyRepo.deposits(db, timeZone, start, end),
    dailyRepo.credits(db, timeZone, start, end),
    dailyRepo.withdrawals(db, timeZone, start, end),
  ]);

  const days = new Map<string, { products: Map<string, ProductDay>; day: ReportDay }>();
  for (const date of daysBetween(from, to)) {
    days.set(date, {
      products: new Map(),
      day: {
        date,
        products: [],
        totals: { orders: 0, charged: 0, refunds: 0, prizes: 0 },
        deposits: [],
        pins: { count: 0, points: 0 },
        adjustments: { count: 0, credits: 0, debits: 0 },
        withdrawals: { requested: { count: 0, points: 0 }, paid: { count: 0, points: 0 }, returned: { count: 0, points: 0 } },
      },
    });
  }
  const productOf = (date: string, code: string) => {
    const products = days.get(date)?.products;
    if (!products) return undefined;
    if (!products.has(code)) products.set(code, emptyProduct(code));
    return products.get(code)!;
  };

  for (const row of sales) {
    const product = productOf(row.day, row.product_code);
    if (!product) continue;
    const currency = row.currency ?? '';
    Object.assign(product, { orders: row.orders, trialOrders: row.trial_orders, stake: { amount: Number(row.stake), currency }, fees: { amount: Number(row.fees), currency }, charged: Number(row.charged) });
  }
  for (const row of payouts) {
    const product = productOf(row.day, row.product_code);
    if (!product) continue;
    if (row.kind === 'refund') product.refunds += Number(row.points);
    else product.prizes += Number(row.points);
  }
  for (const row of deposits) {
    days.get(row.day)?.day.deposits.push({ method: row.method, currency: row.currency, count: row.count, amount: Number(row.amount), points: Number(row.points) });
  }
  for (const row of credits) {
    const day = days.get(row.day)?.day;
    if (!day) continue;
    if (row.kind === 'pin') day.pins = { count: row.count, points: Number(row.credits) - Number(row.debits) };
    else day.adjustments = { count: row.count, credits: Number(row.credits), debits: Number(row.debits) };
  }
  for (const row of withdrawals) {
    const day = days.get(row.day)?.day;
    if (day) day.withdrawals[row.step] = { count: row.count, points: Number(row.points) };
  }

  return {
    timeZone,
    from,
    to,
    days: [...days.values()].map(({ products, day }) => {
      const list = [...products.values()].sort((a, b) => a.productCode.localeCompare(b.productCode));
      const totals = list.reduce((sum, p) => ({ orders: sum.orders + p.orders, charged: sum.charged + p.charged, refunds: sum.refunds + p.refunds, prizes: sum.prizes + p.prizes }), day.totals);
      return { ...day, products: list, totals };
    }),
  };
}

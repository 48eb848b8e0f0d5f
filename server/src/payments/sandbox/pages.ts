/** Minimal HTML for the sandboxes' hosted pages (each plainly says it is a test page). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, provider: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0;padding:24px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}
.banner{background:#fff3cd;color:#664d03;border-radius:8px;padding:8px 12px;font-size:14px;margin-bottom:16px}
label{display:block;margin:12px 0 4px;font-size:14px}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #ccd;border-radius:6px}
button{margin-top:16px;width:100%;padding:12px;font-size:16px;border:0;border-radius:8px;background:#4f46e5;color:#fff;cursor:pointer}
button.secondary{background:#e5e7eb;color:#1d2330}.error{color:#b42318;margin-top:12px}.amount{font-size:28px;font-weight:700}
code{font-size:18px;letter-spacing:1px;display:block;margin:6px 0}.hint{font-size:13px;color:#555}
</style></head><body><main><div class="banner" role="note">${escapeHtml(provider)} sandbox: a test page, no real money moves.</div>${body}</main></body></html>`;
}

/** A form that posts itself at once (a provider sending the browser back with a POST). */
export function autoPost(action: string, fields: Record<string, string>, provider: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page('Returning…', provider, `<form id="back" method="post" action="${escapeHtml(action)}">${inputs}<button type="submit">Return to the shop</button></form><script>document.getElementById('back').submit()</script>`);
}

export const money = (amount: number, currency: string) => `${currency.toUpperCase()} ${(amount / 100).toFixed(2)}`;

export const randomId = (prefix: string, length = 16) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `${prefix}${out}`;
};

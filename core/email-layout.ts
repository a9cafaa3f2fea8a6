import { escapeHtml } from './html';
import type { Registry } from './registry/registry';
import { celebrationTitle } from './registry/celebration-title';

/** The look every e-mail shares: tables and inline styles only, as mail programs need. */
export const PRODUCT = 'Mitzvah Gifts';

export function celebration(registry: Registry): string {
  return celebrationTitle(registry);
}

export function layout(title: string, rows: [string, string][], paragraphs: string[], footer: string): string {
  const table = rows
    .map(([label, value]) => `<tr><td style="padding:6px 12px 6px 0;color:#4b5563">${escapeHtml(label)}</td><td style="padding:6px 0;font-weight:600;text-align:right">${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><body style="margin:0;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#faf7f2;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;padding:28px">
<tr><td><p style="margin:0 0 8px;color:#1e3a8a;font-weight:700">${PRODUCT}</p><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${p}</p>`).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e5e7eb;margin-top:8px">${table}</table>
<p style="margin:20px 0 0;color:#6b7280;font-size:13px;line-height:1.5">${footer}</p></td></tr></table></td></tr></table></body></html>`;
}


import type { User } from '../model/user';
import { escapeHtml } from '../html';
import type { Registry } from '../model/registry';
import { celebrationTitle } from '../model/celebration-title';
import { colours, fonts } from '../design-tokens';
import { unlinkedText } from '../unlinked-text';
import { PRODUCT } from '../product-name';

/**
 * The look every e-mail shares, in the web's palette and display face (core/design-tokens.ts):
 * tables and inline styles only, as mail programs need, and a serif fallback for the many that load
 * no web font.
 */

/**
 * The registry's title as e-mails quote it: the child's name is the family's words, sent to
 * guests, co-owners and administrators, so nothing in it becomes a link (unlinked-text.ts).
 */
export function celebration(registry: Pick<Registry, 'childName' | 'celebrationType'>): string {
  return unlinkedText(celebrationTitle(registry));
}

/**
 * "Hello Sarah,": the name an account gave itself, which goes to whatever address it typed (a
 * stranger's, at sign-up or for a new address), so nothing in it becomes a link either.
 */
export function greeting(user: User): string {
  return `Hello ${unlinkedText(user.firstName?.trim() || user.username)},`;
}

/** `after`: blocks of HTML after the table (a receipt's acknowledgment), before the footer. */
export function layout(title: string, rows: [string, string][], paragraphs: string[], footer: string, after: string[] = []): string {
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:${colours.inkMuted}">${escapeHtml(label)}</td><td style="padding:6px 0;font-weight:600;text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const c = colours;
  // The title is what a mail program that opens the message as a page (and a screen reader) names it by.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:${c.cream};font-family:Arial,Helvetica,sans-serif;color:${c.ink}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${c.cream};padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:${c.paper};border:1px solid ${c.line};border-top:4px solid ${c.gold};border-radius:16px;padding:28px">
<tr><td><p style="margin:0 0 10px;color:${c.navy};font-weight:700;letter-spacing:0.04em">${PRODUCT}</p><h1 style="margin:0 0 16px;font-family:${fonts.displayEmail};font-weight:${fonts.displayWeight};font-size:26px;line-height:1.25;color:${c.navy}">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${p}</p>`).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid ${c.line};margin-top:8px">${table}</table>
${after.map((block) => `<div style="margin:20px 0 0;line-height:1.5">${block}</div>`).join('\n')}
<p style="margin:20px 0 0;color:${c.inkMuted};font-size:13px;line-height:1.5">${footer}</p></td></tr></table></td></tr></table></body></html>`;
}

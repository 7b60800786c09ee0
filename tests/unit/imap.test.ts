/**
 * Mail for AI's pure parts: IMAP_URL read and said without its secret, a mail's HTML
 * sanitized, MIME parsed (encoded words, charsets), the reply's subject.
 */
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { parseMail, sanitizeMailHtml } from '../../src/server/imap/body.ts';
import { describeImapUrl, imapTarget } from '../../src/server/imap/client.ts';
import { replySubject } from '../../src/server/imap/draft.ts';

describe('IMAP_URL', () => {
  it('is read as imap(s) with a host, the folder from the path, and said without user or password', () => {
    const url = 'imaps://shop%40example.com:p%40ss%3Aword@mail.example.com/Support%20Desk';
    expect(configFromEnv({ IMAP_URL: url }).imapUrl).toBe(url);
    expect(configFromEnv({}).imapUrl).toBeUndefined();
    expect(imapTarget(url)).toEqual({ host: 'mail.example.com', port: 993, secure: true, user: 'shop@example.com', pass: 'p@ss:word', mailbox: 'Support Desk' });
    expect(imapTarget('imap://u:p@127.0.0.1:1143')).toMatchObject({ port: 1143, secure: false, mailbox: 'INBOX' });
    expect(describeImapUrl(url)).toBe('imaps://mail.example.com');
    for (const bad of ['https://u:secret@mail.example.com', 'imap://', 'mail.example.com:993', 'pop3://u:secret@mail.example.com']) {
      let said = '';
      try {
        configFromEnv({ IMAP_URL: bad });
      } catch (e) {
        said = (e as Error).message;
      }
      expect(said, bad).toMatch(/^IMAP_URL must be an imap:\/\/ or imaps:\/\/ URL/);
      expect(said).not.toContain('secret');
    }
    expect(configFromEnv({ IMAP_TICK_MS: '0' }).imapTickMs).toBe(0);
    expect(configFromEnv({}).imapTickMs).toBe(300_000);
  });
});

describe('mail bodies', () => {
  it('keeps formatting and links, drops scripts, styles, handlers, images and javascript: links', () => {
    const html = sanitizeMailHtml(
      '<style>b{}</style><p style="color:red" onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src="https://t.example/p.gif"><a href="javascript:alert(2)">a</a><a href="https://example.com" target="_top">b</a><form><input></form><table><tr><td colspan="2">c</td></tr></table>',
    );
    expect(html).toBe(
      '<p>Hi <b>there</b></p><a rel="noopener noreferrer" target="_blank">a</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">b</a><table><tr><td colspan="2">c</td></tr></table>',
    );
  });

  it('parses encoded headers and charsets; the text of an HTML-only mail', async () => {
    const raw = [
      'From: =?utf-8?q?J=C3=BCrgen?= <j@example.test>',
      'Subject: =?iso-8859-2?q?Sz=E1ll=EDt=E1s?=',
      'Date: Fri, 20 Nov 2026 08:00:00 +0100',
      'Message-ID: <a@example.test>',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Grüße\u0000 <script>x</script></p>',
    ].join('\r\n');
    const m = await parseMail(Buffer.from(raw));
    expect(m).toMatchObject({ subject: 'Szállítás', sender: 'Jürgen <j@example.test>', senderAddress: 'j@example.test', messageId: '<a@example.test>', date: '2026-11-20T07:00:00.000Z' });
    expect(m.html.trim()).toBe('<p>Grüße </p>');
    expect(m.text).toContain('Grüße');
    expect(m.text).not.toContain('\u0000');
  });

  it('answers "Re:" once', () => {
    expect(replySubject('Invoice 4711')).toBe('Re: Invoice 4711');
    expect(replySubject('RE: Invoice 4711')).toBe('RE: Invoice 4711');
  });
});

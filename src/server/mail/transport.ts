import type { Transporter } from 'nodemailer';

/** A file a mail carries: its name as the recipient sees it, its MIME type and its bytes. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One e-mail as the outbox hands it to a transport. */
interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: readonly MailAttachment[] | undefined;
}

/** What sends mail: SMTP in production, anything that keeps messages in tests. */
export interface MailTransport {
  /** Resolves once the server accepted the message; rejects with the reason it did not. */
  send(msg: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** The sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Back office <no-reply@localhost>';

/** SMTP_URL for logs: scheme, host and port — never the user or password it may carry. */
export function describeSmtpUrl(smtpUrl: string): string {
  const u = new URL(smtpUrl);
  return `${u.protocol}//${u.host}`;
}

/**
 * A transport's error as it may be stored and shown: the URL's credentials (raw and
 * URL-decoded) replaced, cut to 500 characters. nodemailer's own messages do not quote the
 * password; this holds even if a server echoed it.
 */
export function safeError(e: unknown, smtpUrl: string | undefined): string {
  let text = e instanceof Error ? e.message : String(e);
  if (smtpUrl) {
    const u = new URL(smtpUrl);
    for (const secret of [u.password, decodeURIComponent(u.password)].filter((s) => s.length > 0)) text = text.split(secret).join('***');
  }
  return text.slice(0, 500);
}

/**
 * SMTP by nodemailer from SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS from the
 * start; smtp:// upgrades with STARTTLS when the server offers it). Timeouts keep a server
 * that hangs from holding a worker's claim past its lease. No logger: nodemailer's debug
 * output would show the AUTH exchange.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // nodemailer on the first message: a server that sends none never loads it.
  let opened: Promise<Transporter> | undefined;
  const open = () =>
    (opened ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000, logger: false, debug: false }),
    ));
  return {
    async send(msg) {
      const t = await open();
      // Each recipient as one address object: a stored address is never parsed as a list ("a,b@x" is not two).
      const to = msg.to.map((address) => ({ name: '', address }));
      // Attachments as bytes with their stored name and type: nodemailer reads no path or URL of ours.
      const attachments = (msg.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content }));
      const info = await t.sendMail({ from, to, subject: msg.subject, text: msg.text, ...(msg.html ? { html: msg.html } : {}), ...(attachments.length ? { attachments } : {}) });
      return { messageId: String(info.messageId ?? '') };
    },
    close: () =>
      void opened?.then(
        (t) => t.close(),
        () => undefined,
      ),
  };
}

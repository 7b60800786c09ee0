/**
 * Account actions on the users picked in /settings/users (registry keys `user_invite`,
 * `user_password_reset`, `user_end_sessions`; server: src/server/actions/user_accounts.ts)
 * and, as `partner_user_*`, in /partners/user_list: each asks first, then mails
 * set-password links or ends the users' sessions.
 */
import { useEffect, useState } from 'react';
import { actions } from '../api/actions.ts';
import { confirm } from '../chrome/confirm.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { useFailed } from './failed.ts';
import type { BulkActionProps } from './actionProps.ts';

type Kind = 'invite' | 'reset' | 'end_sessions';
type Entity = `${'' | 'partner_'}user_${'invite' | 'password_reset' | 'end_sessions'}`;
/** One of the six account calls (each read statically, so a bundle keeps only the calls it makes). */
type AccountCall = (typeof actions)[Entity];

/** The catalogue texts of each kind of action: the button, the question and what it did. */
const TEXTS: Record<Kind, { label: string; question: string; done: string }> = {
  invite: { label: 'account.bulk_invite', question: 'account.bulk_invite_question', done: 'account.bulk_invite_done' },
  reset: { label: 'account.bulk_reset', question: 'account.bulk_reset_question', done: 'account.bulk_reset_done' },
  end_sessions: { label: 'account.bulk_end_sessions', question: 'account.bulk_end_sessions_question', done: 'account.bulk_end_sessions_done' },
};

function UserAccountAction({ entity, call, kind, query }: BulkActionProps & { entity: Entity; call: AccountCall; kind: Kind }) {
  const t = useT();
  const failed = useFailed();
  const [busy, setBusy] = useState(false);
  const sel = query.selection;
  const ids = sel && !sel.all && sel.count > 0 ? (sel.keys as number[]) : [];
  const text = TEXTS[kind];
  const run = async () => {
    if (!(await confirm({ title: t(text.label), body: t(text.question, { count: ids.length }), variant: kind === 'end_sessions' ? 'danger' : 'primary' }))) return;
    setBusy(true);
    try {
      const r = await call({ user_ids: ids });
      // Nothing the grid shows changed: its rows and the users picked stay.
      toast({ variant: 'success', id: text.done, values: { count: r.users } });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={`grid-bulk-${entity.replaceAll('_', '-')}`} disabled={busy || ids.length === 0} title={t('account.bulk_pick_users')} onClick={() => void run()}>
      {t(text.label)}
    </button>
  );
}

export const UserInvite = (p: BulkActionProps) => <UserAccountAction {...p} entity="user_invite" call={actions.user_invite} kind="invite" />;
export const UserPasswordReset = (p: BulkActionProps) => <UserAccountAction {...p} entity="user_password_reset" call={actions.user_password_reset} kind="reset" />;
export const UserEndSessions = (p: BulkActionProps) => <UserAccountAction {...p} entity="user_end_sessions" call={actions.user_end_sessions} kind="end_sessions" />;
export const PartnerUserInvite = (p: BulkActionProps) => <UserAccountAction {...p} entity="partner_user_invite" call={actions.partner_user_invite} kind="invite" />;
export const PartnerUserPasswordReset = (p: BulkActionProps) => <UserAccountAction {...p} entity="partner_user_password_reset" call={actions.partner_user_password_reset} kind="reset" />;
export const PartnerUserEndSessions = (p: BulkActionProps) => <UserAccountAction {...p} entity="partner_user_end_sessions" call={actions.partner_user_end_sessions} kind="end_sessions" />;

/** Whether users who may grant a page must set up two-step sign-in: shown to the page's users, changed by those who may grant it. */
export function TotpPolicy() {
  const t = useT();
  const failed = useFailed();
  const [required, setRequired] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    actions.totp_policy_list().then(
      (r) => setRequired(r.required),
      () => setRequired(undefined),
    );
  }, []);
  if (required === undefined) return null;
  const flip = async () => {
    const next = !required;
    if (!(await confirm({ title: t('account.totp_policy'), body: t(next ? 'account.totp_policy_on_question' : 'account.totp_policy_off_question'), variant: 'primary' }))) return;
    setBusy(true);
    try {
      setRequired((await actions.totp_policy_set({ required: next })).required);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="grid-bulk-totp-policy" aria-pressed={required} disabled={busy} onClick={() => void flip()}>
      {t(required ? 'account.totp_policy_on' : 'account.totp_policy_off')}
    </button>
  );
}

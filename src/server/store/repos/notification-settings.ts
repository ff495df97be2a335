import type { AlertUserRef } from './alert-engine';

/** The account's notification settings (issues 18 and 19); the defaults apply until an account sets them. */
export interface NotificationSettings {
  /** Notifications to one recipient on one channel due within this many seconds go as one message; 0 is off. */
  groupWaitS: number;
  /** Who is told of external alerts' incidents; null: the account owner by e-mail. */
  externalAlertUsers: AlertUserRef[] | null;
  /** Minutes between reminders of an unacknowledged external incident. */
  externalAlertInterval: number;
  /** The escalation policy external alerts' incidents walk instead of telling externalAlertUsers; null: none. */
  externalEscalationPolicy: number | null;
}

/** What a change sets; what it leaves out stays as it is. */
export type NotificationSettingsChange = Partial<Omit<NotificationSettings, 'externalAlertUsers' | 'externalEscalationPolicy'>> & {
  externalAlertUsers?: AlertUserRef[];
  /** A policy id, or 0 for none; absent keeps what is stored. */
  externalEscalationPolicy?: number;
};

export interface NotificationSettingsRepo {
  get(accountId: number): Promise<NotificationSettings>;
  set(accountId: number, change: NotificationSettingsChange, now: number): Promise<NotificationSettings>;
}
